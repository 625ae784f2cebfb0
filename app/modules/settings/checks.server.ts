import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import type { Platform } from "~/core/platforms/platforms";
import { getNetwork } from "~/integrations/networks/registry.server";
import { isProviderError } from "~/integrations/provider-error";
import { generateDraft, isAiConfigured } from "~/modules/ai/ai.server";
import { callbackUrl } from "~/modules/connections/oauth.server";
import { isAppError } from "~/modules/errors/app-error";
import { sendMail } from "~/modules/mail/mail.server";

// The "Test" buttons of the settings (decision 61): each proves a setting against the real service.

export type CredentialCheck = "good" | "rejected" | "unreachable" | "missing";

// Never a real code: the token endpoint must refuse it. How it refuses tells the credentials apart.
const DUMMY_CODE = "plume-settings-check";
const DUMMY_VERIFIER = "plume-settings-check-verifier-0123456789abcdef";

/**
 * A token call with a made-up authorization code: a provider that knows the client refuses the code
 * (400: invalid_grant or invalid_request), one that does not refuses the client (401). Anything else
 * (no answer, a 5xx, a limit) says nothing about the credentials.
 */
export async function checkNetworkCredentials(network: Platform): Promise<CredentialCheck> {
  const { oauth } = getNetwork(network);
  if (!oauth.configured()) return "missing";
  try {
    await oauth.exchangeCode({ code: DUMMY_CODE, redirectUri: callbackUrl(network), codeVerifier: oauth.pkce ? DUMMY_VERIFIER : undefined });
    return "good"; // never expected: a token for a made-up code still proves the client
  } catch (error) {
    if (!isProviderError(error)) throw error;
    const status = error.status;
    if (status === 400) return "good";
    if (status === 401 || status === 403) return "rejected";
    logger.warn({ network, status, kind: error.kind }, "Settings check: the provider gave no verdict on the credentials");
    return "unreachable";
  }
}

export type MailCheck = { outcome: "sent" | "file" } | { outcome: "failed" };

/** A test message to the admin: through SMTP when set, else written under DATA_DIR/mail. */
export async function checkMail(to: string, message: { subject: string; text: string }): Promise<MailCheck> {
  try {
    await sendMail({ to, subject: message.subject, text: message.text, html: "" });
    return { outcome: getEnv().SMTP_URL ? "sent" : "file" };
  } catch (error) {
    // The error may name the server; never the URL itself (it holds the password).
    logger.warn({ err: { name: (error as Error).name, code: (error as { code?: string }).code } }, "Settings check: the test mail failed");
    return { outcome: "failed" };
  }
}

export type AiCheck = { outcome: "good"; sample: string } | { outcome: "missing" | "failed" };

/** A short draft through the AI module, as the wizard asks one. */
export async function checkAi(locale: "en" | "fr"): Promise<AiCheck> {
  if (!isAiConfigured()) return { outcome: "missing" };
  try {
    const draft = await generateDraft({
      prompt: "A one-line hello from a server that was just set up.",
      platforms: ["bluesky"],
      emojis: false,
      hashtags: false,
      locale,
    });
    const sample = Object.values(draft).find((text) => text.trim()) ?? "";
    return sample ? { outcome: "good", sample: sample.slice(0, 200) } : { outcome: "failed" };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { outcome: "failed" };
  }
}
