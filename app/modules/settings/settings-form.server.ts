import type { TFunction } from "i18next";
import { getEnv } from "~/core/env/env.server";
import { SECRET_SETTING_KEYS, setByEnvironment, type StoredSettingKey, type StoredSettings } from "~/core/settings/stored-settings";
import { addressToOpenFirst } from "./address-check";
import { checkAi, checkMail, checkNetworkCredentials } from "./checks.server";
import { NETWORK_CREDENTIALS } from "./overview.server";
import type { SettingsForm } from "./schemas";
import { saveSettings } from "./settings.server";

// One submitted form of /admin/settings, done: what the page says next (a toast or a confirmation).

export type FormOutcome =
  | { kind: "toast"; color: "success" | "error"; title: string; description?: string }
  | { kind: "confirm"; key: StoredSettingKey }
  | { kind: "problems"; messages: string[] };

/** The fields a form sent, minus those the environment sets (shown read-only) and unchanged secrets. */
function changesOf(values: Partial<Record<StoredSettingKey, string | undefined>>): StoredSettings {
  const changes: StoredSettings = {};
  for (const [key, value] of Object.entries(values) as [StoredSettingKey, string | undefined][]) {
    if (value === undefined || setByEnvironment(key)) continue;
    // An empty secret field keeps the saved secret (it is never shown back): clearing is its own button.
    if (SECRET_SETTING_KEYS.has(key) && value === "") continue;
    changes[key] = value;
  }
  return changes;
}

async function save(values: Partial<Record<StoredSettingKey, string | undefined>>, adminId: string, t: TFunction): Promise<FormOutcome> {
  const result = await saveSettings(changesOf(values), adminId);
  if (result.ok) return { kind: "toast", color: "success", title: t("setup.settings.saved") };
  const messages = Object.entries(result.problems).map(([name, problem]) =>
    problem === "environment" ? t("setup.settings.fromEnvironment", { name }) : t("setup.settings.invalidValue", { name, problem }),
  );
  return { kind: "problems", messages };
}

/** `requestOrigin`: the Origin header of the form's request (the address the admin is using), if any. */
export async function handleSettingsForm(
  form: SettingsForm,
  admin: { id: string; email: string },
  t: TFunction,
  locale: "en" | "fr",
  requestOrigin: string | null = null,
): Promise<FormOutcome> {
  switch (form.intent) {
    case "site": {
      const openFirst = setByEnvironment("APP_URL") ? null : addressToOpenFirst(form.APP_URL, requestOrigin);
      if (openFirst) return { kind: "problems", messages: [t("setup.settings.site.openFirst", { address: openFirst })] };
      return save({ SITE_NAME: form.SITE_NAME, APP_URL: form.APP_URL }, admin.id, t);
    }
    case "network": {
      const keys = NETWORK_CREDENTIALS[form.network];
      return save({ [keys.clientId]: form.clientId, [keys.clientSecret]: form.clientSecret }, admin.id, t);
    }
    case "mail":
      return save({ SMTP_URL: form.SMTP_URL, MAIL_FROM: form.MAIL_FROM }, admin.id, t);
    case "ai":
      return save({ AI_BASE_URL: form.AI_BASE_URL, AI_API_KEY: form.AI_API_KEY, AI_MODEL: form.AI_MODEL }, admin.id, t);
    case "clear": {
      if (form.confirmed !== "yes") return { kind: "confirm", key: form.key };
      const result = await saveSettings({ [form.key]: "" }, admin.id);
      if (!result.ok) return { kind: "problems", messages: [t("setup.settings.fromEnvironment", { name: form.key })] };
      return { kind: "toast", color: "success", title: t("setup.settings.cleared") };
    }
    case "test-network": {
      const outcome = await checkNetworkCredentials(form.network);
      const network = t(`platforms.${form.network}`);
      return { kind: "toast", color: outcome === "good" ? "success" : "error", title: t(`setup.settings.networks.check.${outcome}`, { network }) };
    }
    case "test-mail": {
      const site = getEnv().SITE_NAME;
      const { outcome } = await checkMail(admin.email, { subject: t("setup.settings.mail.subject", { site }), text: t("setup.settings.mail.body", { site }) });
      return { kind: "toast", color: outcome === "failed" ? "error" : "success", title: t(`setup.settings.mail.check.${outcome}`, { email: admin.email }) };
    }
    case "test-ai": {
      const result = await checkAi(locale);
      if (result.outcome === "good") return { kind: "toast", color: "success", title: t("setup.settings.ai.check.good", { sample: result.sample }) };
      return { kind: "toast", color: "error", title: t(`setup.settings.ai.check.${result.outcome}`) };
    }
  }
}
