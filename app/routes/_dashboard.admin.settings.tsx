import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { SettingsView } from "~/components/admin/settings-view";
import { requireAdmin } from "~/modules/auth/guards.server";
import { replyMessages } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { settingsOverview } from "~/modules/settings/overview.server";
import { settingsFormSchema } from "~/modules/settings/schemas";
import { handleSettingsForm } from "~/modules/settings/settings-form.server";
import { ensureSettingsLoaded } from "~/modules/settings/settings.server";
import { isStoredSettingKey, SECRET_SETTING_KEYS } from "~/core/settings/stored-settings";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "setup.settings.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  await ensureSettingsLoaded();
  // A secret's "Clear" asks first (a page of its own, so it works without JavaScript).
  const clear = new URL(request.url).searchParams.get("clear");
  const confirmClear = clear && isStoredSettingKey(clear) && SECRET_SETTING_KEYS.has(clear) ? clear : null;
  return { overview: settingsOverview(), confirmClear };
}

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { t, locale } = await getRequestT(request);
  const parsed = settingsFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return replyMessages([t("setup.settings.invalidForm")], 400);
  const outcome = await handleSettingsForm(parsed.data, admin, t, locale, request.headers.get("Origin"));
  if (outcome.kind === "confirm") return redirect(`/admin/settings?clear=${outcome.key}#confirm-clear`);
  if (outcome.kind === "problems") return replyMessages(outcome.messages, 422, { intent: parsed.data.intent });
  return redirectWithToast("/admin/settings", { color: outcome.color, title: outcome.title, description: outcome.description });
}

export default function AdminSettingsPage() {
  const { overview, confirmClear } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <SettingsView overview={overview} confirmClear={confirmClear} reply={reply} />;
}
