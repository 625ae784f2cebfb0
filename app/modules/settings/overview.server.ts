import { getEnv } from "~/core/env/env.server";
import type { Platform } from "~/core/platforms/platforms";
import type { StoredSettingKey } from "~/core/settings/stored-settings";
import { getNetwork } from "~/integrations/networks/registry.server";
import { callbackUrl } from "~/modules/connections/oauth.server";
import { describeSetting, type SettingView } from "./settings.server";

// What the setup checklist and /admin/settings show (decision 61).

/** The settings holding each OAuth network's app: the variables the operator knows from the docs. */
export const NETWORK_CREDENTIALS: Record<Platform, { clientId: StoredSettingKey; clientSecret: StoredSettingKey }> = {
  linkedin: { clientId: "LINKEDIN_CLIENT_ID", clientSecret: "LINKEDIN_CLIENT_SECRET" },
  twitter: { clientId: "X_CLIENT_ID", clientSecret: "X_CLIENT_SECRET" },
};

export interface OAuthNetworkOverview {
  network: Platform;
  configured: boolean;
  redirectUrl: string;
  clientId: SettingView;
  clientSecret: SettingView;
}

export function settingsOverview() {
  const env = getEnv();
  const oauthNetworks: OAuthNetworkOverview[] = (Object.keys(NETWORK_CREDENTIALS) as Platform[]).map((network) => ({
    network,
    configured: getNetwork(network).oauth.configured(),
    redirectUrl: callbackUrl(network),
    clientId: describeSetting(NETWORK_CREDENTIALS[network].clientId),
    clientSecret: describeSetting(NETWORK_CREDENTIALS[network].clientSecret),
  }));
  return {
    site: { name: describeSetting("SITE_NAME"), url: describeSetting("APP_URL") },
    // Networks that need nothing from the server's owner: ready on a fresh install (decisions 54, 57).
    readyNetworks: ["bluesky", "mastodon"] as const,
    oauthNetworks,
    mail: { smtpUrl: describeSetting("SMTP_URL"), from: describeSetting("MAIL_FROM") },
    ai: { baseUrl: describeSetting("AI_BASE_URL"), apiKey: describeSetting("AI_API_KEY"), model: describeSetting("AI_MODEL") },
    optional: { billing: Boolean(env.STRIPE_SECRET_KEY), analytics: Boolean(env.POSTHOG_KEY) },
  };
}
export type SettingsOverview = ReturnType<typeof settingsOverview>;
