// Runs the provider fakes as one process for the end-to-end tests (Playwright's webServer), so no
// test reaches the internet. Ports: FAKE_MODEL_PORT (3299, model API at /v1), FAKE_LINKEDIN_PORT
// (3297), FAKE_X_PORT (3298), FAKE_STRIPE_PORT (3296), FAKE_POSTHOG_PORT (3295) and FAKE_MASTODON_PORT
// (3294: one Mastodon instance taking 1,000 characters, not Mastodon's default 500).
import { startLinkedInFake } from "./linkedin-server";
import { startMastodonFake } from "./mastodon-server";
import { startModelServer } from "./model-server";
import { startPostHogFake } from "./posthog-server";
import { startStripeFake } from "./stripe-server";
import { startXFake } from "./x-server";

const model = await startModelServer({ port: Number(process.env.FAKE_MODEL_PORT ?? 3299) });
const linkedin = await startLinkedInFake({ port: Number(process.env.FAKE_LINKEDIN_PORT ?? 3297), latencyMs: 20 });
// The fake LinkedIn app has the Community Management API: page scopes are granted to a server that
// asks for them (only the pages server does). The member every consent signs in as ("Member 1")
// administers two company pages (linkedin-pages.spec.ts).
linkedin.state.communityManagement = true;
const pagesAdmin = linkedin.createUser();
for (const [localizedName, vanityName] of [
  ["Plume Demo Co", "plume-demo-co"],
  ["Plume Labs", "plume-labs"],
] as const) {
  linkedin.grantRole(pagesAdmin.sub, linkedin.createOrganization({ localizedName, vanityName }).urn);
}
const x = await startXFake({ port: Number(process.env.FAKE_X_PORT ?? 3298), latencyMs: 20 });
// The checkout page's "Pay" sends Stripe's events, signed, to the app under test when told where.
const { STRIPE_WEBHOOK_URL: webhookUrl, STRIPE_WEBHOOK_SECRET: webhookSecret } = process.env;
const stripe = await startStripeFake({
  port: Number(process.env.FAKE_STRIPE_PORT ?? 3296),
  latencyMs: 20,
  secretKey: process.env.STRIPE_SECRET_KEY,
  coupons: { WAITLIST20: { percentOff: 20, duration: "forever" } },
  webhook: webhookUrl && webhookSecret ? { url: webhookUrl, secret: webhookSecret } : undefined,
});
const mastodon = await startMastodonFake({ port: Number(process.env.FAKE_MASTODON_PORT ?? 3294), latencyMs: 20, limits: { maxCharacters: 1000 } });
const posthog = await startPostHogFake({ port: Number(process.env.FAKE_POSTHOG_PORT ?? 3295), projectKey: process.env.POSTHOG_KEY });
console.log(`Fakes: model ${model.url}, LinkedIn ${linkedin.url}, X ${x.url}, Stripe ${stripe.url}, PostHog ${posthog.url}, Mastodon ${mastodon.url}`);

const stop = async () => {
  await Promise.allSettled([model.close(), linkedin.close(), x.close(), stripe.close(), posthog.close(), mastodon.close()]);
  process.exit(0);
};
process.once("SIGTERM", stop);
process.once("SIGINT", stop);
