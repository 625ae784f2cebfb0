import { PlannedPage } from "~/components/planned-content";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.blog" };

export default function Page() {
  return <PlannedPage page="blog" title="pages.blog" />;
}
