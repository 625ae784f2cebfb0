import { PlannedPage } from "~/components/planned-content";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.about" };

export default function Page() {
  return <PlannedPage page="about" title="pages.about" />;
}
