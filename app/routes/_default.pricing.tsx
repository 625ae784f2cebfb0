import { PlannedPage } from "~/components/planned-content";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.pricing" };

export default function Page() {
  return <PlannedPage page="pricing" title="pages.pricing" />;
}
