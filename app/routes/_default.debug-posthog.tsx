import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DebugPostHogView } from "~/components/admin/debug-posthog-view";
import { postHogStatus, sendServerTestEvent } from "~/modules/analytics/debug.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "pages.debugPosthog" };

// A diagnostics page: administrators only (docs/decisions/0004-admin-only-debug-page.md).
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return postHogStatus();
}

/** "Send a test event from the server": sent at once, and the page says how it went. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { t } = await getRequestT(request);
  const result = await sendServerTestEvent(admin);
  const toast = !result
    ? { color: "error" as const, title: t("debugPosthog.server.notConfigured") }
    : result.ok
      ? { color: "success" as const, title: t("debugPosthog.server.sent") }
      : { color: "error" as const, title: t("debugPosthog.server.failed"), description: result.error };
  return redirectWithToast("/debug-posthog", toast);
}

export default function DebugPostHogPage() {
  return <DebugPostHogView status={useLoaderData<typeof loader>()} />;
}
