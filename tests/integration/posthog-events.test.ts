// The server's product events, through posthog-node (gzipped batches, as in production) to the
// PostHog fake: each event once, under the e-mail address the browser identifies with, and PostHog
// being slow, down or refusing the key never slows or fails what the user did.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { flushServerEvents, lastServerCapture, shutdownServerEvents } from "~/integrations/posthog.server";
import { resetPassword, signUp, verifyEmail } from "~/modules/auth/auth.server";
import { disconnectChannel } from "~/modules/connections/disconnect.server";
import { storeChannel } from "~/modules/connections/store-channel.server";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import { startPostHogFake, type PostHogFake } from "../fakes/posthog-server";
import { connectedUser, duePost, publishAllDue, startFakes, uniqueText, waitFor, type Fakes } from "../support/publishing";
import { checkedOut, deliver, startBilling, trialUser } from "../support/stripe-webhooks";
import * as apiUser from "~/routes/api.admin.users.$userId";
import * as profilePage from "~/routes/_dashboard.profile";
import * as setLocale from "~/routes/set-locale";
import { args, makeUser, outcome, type Handler } from "../support/admin";
import { createWorkspace } from "~/modules/workspaces/workspaces.server";
import { acceptInvitation, createInvitation } from "~/modules/workspace-members/invitations.server";
import { lastMailedToken, mailedInvitationToken, uniqueEmail } from "./helpers";

const client = { ip: null, userAgent: "vitest" };
let posthog: PostHogFake;
let fakes: Fakes;

function usePostHog(settings: { key?: string; host?: string }) {
  if (settings.key) process.env.POSTHOG_KEY = settings.key;
  else delete process.env.POSTHOG_KEY;
  process.env.POSTHOG_HOST = settings.host ?? posthog.url;
  resetEnvCache();
}

/** Sends what the server queued and returns the events the fake took for this person. */
async function sentFor(distinctId: string, event: string) {
  await flushServerEvents();
  return posthog.named(event).filter((e) => e.distinct_id === distinctId);
}

beforeAll(async () => {
  posthog = await startPostHogFake();
  fakes = await startFakes();
});
afterEach(() => usePostHog({ key: posthog.projectKey }));
afterAll(async () => {
  await shutdownServerEvents();
  delete process.env.POSTHOG_KEY;
  delete process.env.POSTHOG_HOST;
  resetEnvCache();
  await Promise.all([posthog.close(), fakes.close()]);
});

describe("with POSTHOG_KEY set", () => {
  it("user signed up: one event, gzipped to /batch/, under the e-mail address, with the user id", async () => {
    usePostHog({ key: posthog.projectKey });
    const email = uniqueEmail("signup");
    const { userId } = await signUp({ email, password: "password123", locale: "fr" }, client);
    const events = await sentFor(email, "user signed up");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ via: "batch", properties: { user_id: userId, locale: "fr" } });
    const batch = posthog.requests.find((r) => r.path === "/batch/");
    expect(batch?.headers["content-encoding"]).toBe("gzip");
    expect(lastServerCapture()).toMatchObject({ ok: true });
  });

  it("post scheduled, then post published once, both under the owner's address", async () => {
    usePostHog({ key: posthog.projectKey });
    const { user } = await connectedUser(fakes, ["linkedin", "twitter"]);
    const postId = await duePost(user.id, ["linkedin", "twitter"], uniqueText("Analytics published"));
    await waitFor(async () => (await sentFor(user.email, "post scheduled")).length === 1);
    expect((await sentFor(user.email, "post scheduled"))[0]!.properties).toMatchObject({
      post_id: postId,
      platforms: ["linkedin", "twitter"],
      publish_now: false,
    });

    await publishAllDue();
    await waitFor(async () => (await sentFor(user.email, "post published")).length === 1);
    const [published] = await sentFor(user.email, "post published");
    expect(published!.properties).toMatchObject({ post_id: postId, user_id: user.id, platforms: ["linkedin", "twitter"] });
    await publishAllDue();
    expect(await sentFor(user.email, "post published")).toHaveLength(1);
  });

  it("post publish failed: once, when the post has failed for good, with the platforms at fault", async () => {
    usePostHog({ key: posthog.projectKey });
    const { user } = await connectedUser(fakes, ["twitter"]);
    const postId = await duePost(user.id, ["twitter"], uniqueText("Analytics failed"));
    fakes.x.failNext("POST /2/tweets", { status: 403, body: { title: "Forbidden", detail: "You are not permitted to perform this action.", status: 403 } });
    await publishAllDue();
    expect((await getDb().post.findUniqueOrThrow({ where: { id: postId } })).status).toBe("failed");
    await waitFor(async () => (await sentFor(user.email, "post publish failed")).length === 1);
    expect((await sentFor(user.email, "post publish failed"))[0]!.properties).toMatchObject({ post_id: postId, platforms: ["twitter"] });
    expect(await sentFor(user.email, "post published")).toHaveLength(0);
  });

  it("subscription changed: when Stripe's state changes the plan or status, not on a replay", async () => {
    usePostHog({ key: posthog.projectKey });
    const billing = await startBilling();
    try {
      const user = await trialUser();
      const { subscription } = await checkedOut(billing.fake, user.id);
      const event = billing.fake.event("customer.subscription.created", subscription);
      expect((await deliver(billing.fake, event)).status).toBe(200);
      await waitFor(async () => (await sentFor(user.email, "subscription changed")).length === 1);
      expect((await sentFor(user.email, "subscription changed"))[0]!.properties).toMatchObject({
        plan: "pro",
        status: "active",
        previous_status: "trialing",
        user_id: user.id,
      });
      expect((await deliver(billing.fake, billing.fake.event("customer.subscription.updated", subscription))).status).toBe(200);
      await flushServerEvents();
      expect(await sentFor(user.email, "subscription changed")).toHaveLength(1);
    } finally {
      await billing.stop();
    }
  });
});

describe("workspaces", () => {
  it("invitation sent and invitation accepted, with the workspace and the role, never the invited address", async () => {
    usePostHog({ key: posthog.projectKey });
    const [alice, bob] = [await makeUser(uniqueEmail("inviter")), await makeUser(uniqueEmail("invitee"))];
    const acme = await createWorkspace(alice.id, "Acme");
    const owner = { userId: alice.id, workspaceId: acme.id, role: "owner" } as const;
    await createInvitation(owner, { email: bob.email, role: "editor" });
    const token = mailedInvitationToken(bob.email);
    await acceptInvitation({ id: bob.id, email: bob.email, emailVerified: true }, token);
    const sent = await vi.waitFor(async () => {
      const events = await sentFor(alice.email, "invitation sent");
      expect(events).toHaveLength(1);
      return events;
    });
    expect(sent[0]!.properties).toMatchObject({ workspace_id: acme.id, role: "editor", user_id: alice.id });
    const accepted = await vi.waitFor(async () => {
      const events = await sentFor(bob.email, "invitation accepted");
      expect(events).toHaveLength(1);
      return events;
    });
    expect(accepted[0]!.properties).toMatchObject({ workspace_id: acme.id, role: "editor", user_id: bob.id });
    expect(JSON.stringify(sent)).not.toContain(bob.email);
  });
});

describe("channels", () => {
  it("channel connected (new, then again as a reconnect) and channel disconnected, with the network, for any network", async () => {
    usePostHog({ key: posthog.projectKey });
    const email = uniqueEmail("channels");
    const user = await makeUser(email);
    const account = { providerUserId: `did:plc:${user.id}`, displayName: "Ada", handle: "ada.test", avatarUrl: null, kind: "account" as const };
    const tokens = { accessToken: "access", refreshToken: "refresh", expiresIn: 7200, scope: "" };
    const first = await storeChannel(user.id, "bluesky", tokens, account);
    await storeChannel(user.id, "bluesky", tokens, account);
    // The owner's address is looked up in the background before the event is queued.
    const connected = await vi.waitFor(async () => {
      const events = await sentFor(email, "channel connected");
      expect(events).toHaveLength(2);
      return events;
    });
    // Each event's lookup runs on its own, so they may reach PostHog in either order.
    expect(connected.map((e) => e.properties)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ network: "bluesky", kind: "account", reconnect: false, channel_id: first.channelId, user_id: user.id }),
        expect.objectContaining({ network: "bluesky", reconnect: true }),
      ]),
    );
    await disconnectChannel(user.id, first.channelId);
    const disconnected = await vi.waitFor(async () => {
      const events = await sentFor(email, "channel disconnected");
      expect(events).toHaveLength(1);
      return events;
    });
    expect(disconnected[0]!.properties).toMatchObject({ network: "bluesky", channel_id: first.channelId, flagged_posts: 0 });
    // The tokens are never part of an event.
    expect(JSON.stringify([...connected, ...disconnected])).not.toMatch(/access|refresh/);
  });
});

describe("person properties", () => {
  /** The properties each $identify set on this person, in the order PostHog took them. */
  const setsFor = async (distinctId: string) => (await sentFor(distinctId, "$identify")).map((e) => e.set);

  it("a new language, time zone or role reaches PostHog on the person, once per change", async () => {
    usePostHog({ key: posthog.projectKey });
    const admin = await makeUser("admin@example.com");
    const user = await makeUser(uniqueEmail("person"));
    const post = (handler: unknown, path: string, form: Record<string, string>) =>
      outcome(handler as Handler, args(path, { method: "POST", cookie: user.cookie, form }));
    const role = (isAdmin: boolean) =>
      outcome(apiUser.action as Handler, args(`/api/admin/users/${user.id}`, { method: "PATCH", cookie: admin.cookie, body: { isAdmin } }));

    expect((await post(setLocale.action, "/set-locale", { locale: "fr", redirectTo: "/profile" })).status).toBe(302);
    await waitFor(async () => (await setsFor(user.email)).length === 1);
    expect((await post(profilePage.action, "/profile", { intent: "updateTimezone", timezone: "Europe/Paris" })).status).toBe(302);
    await waitFor(async () => (await setsFor(user.email)).length === 2);
    expect((await role(true)).status).toBe(200);
    await waitFor(async () => (await setsFor(user.email)).length === 3);
    // The same choices again change nothing, so nothing is sent.
    await post(setLocale.action, "/set-locale", { locale: "fr", redirectTo: "/profile" });
    await post(profilePage.action, "/profile", { intent: "updateTimezone", timezone: "Europe/Paris" });
    expect((await role(false)).status).toBe(200);
    await waitFor(async () => (await setsFor(user.email)).length === 4);
    expect(await setsFor(user.email)).toEqual([{ locale: "fr" }, { timezone: "Europe/Paris" }, { is_admin: true }, { is_admin: false }]);
  }, 30_000);
  it("an ADMIN_EMAILS address that chooses its password from the mailed link is an admin on PostHog too", async () => {
    usePostHog({ key: posthog.projectKey });
    const email = uniqueEmail("listed");
    const listed = process.env.ADMIN_EMAILS;
    process.env.ADMIN_EMAILS = `${listed},${email}`;
    resetEnvCache();
    try {
      await signUp({ email, password: "password123", locale: "en" }, client);
      const { choosePasswordToken } = await verifyEmail(lastMailedToken(email, "/verify-email"));
      expect(await setsFor(email)).toEqual([]);
      await resetPassword(choosePasswordToken!, "a-password-from-the-inbox");
      await waitFor(async () => (await setsFor(email)).length === 1);
      expect(await setsFor(email)).toEqual([{ is_admin: true }]);
    } finally {
      process.env.ADMIN_EMAILS = listed;
      resetEnvCache();
    }
  }, 30_000);
});

describe("never in the way", () => {
  it("without POSTHOG_KEY nothing is sent at all", async () => {
    usePostHog({});
    posthog.clear();
    const email = uniqueEmail("nokey");
    await signUp({ email, password: "password123", locale: "en" }, client);
    const { user } = await connectedUser(fakes, ["twitter"]);
    await duePost(user.id, ["twitter"], uniqueText("No analytics"));
    await publishAllDue();
    await flushServerEvents();
    expect(posthog.requests).toHaveLength(0);
  });

  it("PostHog slow, down or refusing the key: the sign-up is not slowed, and the failure is recorded", async () => {
    usePostHog({ key: posthog.projectKey });
    // Fake timers hold PostHog's answer (the fake's 8 s delay) for as long as the test wants: the
    // sign-up has to finish while a batch is still unanswered.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    try {
      posthog.failNext("POST /batch/", { delayMs: 8000 });
      await signUp({ email: uniqueEmail("slow1"), password: "password123", locale: "en" }, client);
      const batches = posthog.requests.length;
      let answered = false;
      const held = flushServerEvents().finally(() => (answered = true));
      while (posthog.requests.length === batches) await new Promise((resolve) => setImmediate(resolve));
      const { userId } = await signUp({ email: uniqueEmail("slow2"), password: "password123", locale: "en" }, client);
      expect(userId).toBeTruthy();
      expect(answered).toBe(false);
      await vi.advanceTimersByTimeAsync(8000);
      await held;
      expect(answered).toBe(true);
    } finally {
      vi.useRealTimers();
    }

    usePostHog({ key: "phc_not_this_project" });
    await signUp({ email: uniqueEmail("wrongkey"), password: "password123", locale: "en" }, client);
    await flushServerEvents();
    expect(lastServerCapture()).toMatchObject({ ok: false });
    expect(lastServerCapture()!.error).toContain("401");
    expect(lastServerCapture()!.error).not.toContain("phc_not_this_project");

    usePostHog({ key: posthog.projectKey, host: "http://127.0.0.1:9" });
    const { userId } = await signUp({ email: uniqueEmail("down"), password: "password123", locale: "en" }, client);
    expect(userId).toBeTruthy();
  });
});
