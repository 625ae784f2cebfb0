import { PlannedPage } from "~/components/planned-content";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.contact" };

export default function Page() {
  return <PlannedPage page="contact" title="pages.contact" />;
}
