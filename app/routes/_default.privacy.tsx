import { PlannedPage } from "~/components/planned-content";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.privacy" };

export default function Page() {
  return <PlannedPage page="privacy" title="pages.privacy" />;
}
