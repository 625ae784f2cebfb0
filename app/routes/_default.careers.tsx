import { PlannedPage } from "~/components/planned-content";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.careers" };

export default function Page() {
  return <PlannedPage page="careers" title="pages.careers" />;
}
