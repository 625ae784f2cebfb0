import { PlannedPage } from "~/components/planned-content";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.terms" };

export default function Page() {
  return <PlannedPage page="terms" title="pages.terms" />;
}
