import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import { localToUtc } from "~/modules/posts/schedule-time";
import { suggestPostingSlot } from "~/modules/posts/posting-slot.server";
import { createPost } from "~/modules/posts/post.server";
import { wizardDefaults } from "~/modules/posts/wizard-defaults.server";
import * as newPost from "~/routes/_dashboard.create._index";
import * as platformsStep from "~/routes/_dashboard.create.$postId.platforms";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";
import { uniqueEmail } from "./helpers";

// Issue 15: what makes the common path short (defaults, the offered time) and the connect
// offered on the first step.

let fakes: Fakes;
const savedAi = { AI_BASE_URL: process.env.AI_BASE_URL, AI_API_KEY: process.env.AI_API_KEY };
beforeAll(async () => {
  fakes = await startFakes();
  // Configured, so a trial may use the assistant (no request is made here).
  Object.assign(process.env, { AI_BASE_URL: "http://127.0.0.1:9/v1", AI_API_KEY: "test-key" });
  resetEnvCache();
});
afterAll(async () => {
  for (const [key, value] of Object.entries(savedAi)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
  await fakes.close();
});

const utc = (date: string, time: string, zone: string) => {
  const result = localToUtc(date, time, zone);
  if (!result.ok) throw new Error("no such time");
  return result.utc;
};

describe("what a new post starts with", () => {
  it("nothing connected and no post yet: nothing ticked, written by hand", async () => {
    const user = await getDb().user.create({ data: { email: uniqueEmail("defaults"), passwordHash: "x" } });
    expect(await wizardDefaults(user.id)).toEqual({ platforms: [], method: "manual" });
  });

  it("ticks the connected accounts, then remembers the last post's platforms and method", async () => {
    const { user } = await connectedUser(fakes, ["linkedin", "twitter"]);
    expect(await wizardDefaults(user.id)).toEqual({ platforms: ["linkedin", "twitter"], method: "manual" });
    await createPost(user.id, { platforms: ["twitter"], source: "ai" });
    expect(await wizardDefaults(user.id)).toEqual({ platforms: ["twitter"], method: "ai" });
    // A remembered platform that is no longer connected is not ticked.
    await getDb().channel.deleteMany({ where: { userId: user.id, network: "twitter" } });
    expect((await wizardDefaults(user.id)).platforms).toEqual(["linkedin"]);
  });

  it("does not remember the assistant for a user who may no longer use it", async () => {
    const { user } = await connectedUser(fakes, ["linkedin"]);
    await createPost(user.id, { platforms: ["linkedin"], source: "ai" });
    expect((await wizardDefaults(user.id)).method).toBe("ai");
    delete process.env.AI_API_KEY;
    delete process.env.AI_BASE_URL;
    resetEnvCache();
    try {
      expect((await wizardDefaults(user.id)).method).toBe("manual");
    } finally {
      Object.assign(process.env, { AI_BASE_URL: "http://127.0.0.1:9/v1", AI_API_KEY: "test-key" });
      resetEnvCache();
    }
  });
});

describe("the time the schedule step offers", () => {
  it("the next free slot at the user's usual time, in their zone, skipping one another post holds", async () => {
    const zone = "Europe/Paris";
    const { user } = await connectedUser(fakes, ["linkedin"]);
    await getDb().user.update({ where: { id: user.id }, data: { timezone: zone } });
    const now = utc("2026-06-10", "07:00", zone);
    const post = (date: string, time: string, status: string) =>
      getDb().post.create({ data: { userId: user.id, workspaceId: user.id, platforms: "linkedin", status, scheduledAt: utc(date, time, zone) } });
    await post("2026-06-01", "18:30", "published");
    await post("2026-06-02", "18:40", "published");
    const today = await post("2026-06-10", "18:35", "scheduled");
    const account = { id: user.id, timezone: zone };
    // 18:30 is the habit; today's is taken, so tomorrow.
    expect(await suggestPostingSlot(account, null, now)).toEqual({ date: "2026-06-11", time: "18:30" });
    // Rescheduling today's post itself: its own time does not count as taken.
    expect(await suggestPostingSlot(account, today.id, now)).toEqual({ date: "2026-06-10", time: "18:30" });
  });
});

async function signedIn(userId: string) {
  const cookie = (await createSession(userId)).split(";")[0]!;
  return (url: string, fields: [string, string][]) => {
    const body = new URLSearchParams(fields);
    return new Request(url, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" }, body });
  };
}

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} }) as unknown as ActionFunctionArgs;

describe("connecting from the first step", () => {
  it("/create: saves the draft with the platform added, goes to consent, and returns to the draft", async () => {
    const user = await getDb().user.create({ data: { email: uniqueEmail("first-connect"), passwordHash: "x" } });
    const post = await signedIn(user.id);
    const answer = (await newPost.action(
      args(
        post("http://localhost:3000/create", [
          ["platforms", "twitter"],
          ["connect", "linkedin"],
        ]),
      ),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toMatch(new RegExp(`^${process.env.LINKEDIN_OAUTH_URL}/authorization\\?`));
    const draft = await getDb().post.findFirstOrThrow({ where: { userId: user.id } });
    expect(draft).toMatchObject({ platforms: "linkedin,twitter", composeStep: "platforms", status: "draft" });
    const state = await getDb().oAuthState.findFirstOrThrow({ where: { userId: user.id } });
    expect(state.returnTo).toBe(`/create/${draft.id}/platforms`);
  });

  it("/create: a Connect click with nothing ticked is a choice; Continue with nothing ticked is refused", async () => {
    const user = await getDb().user.create({ data: { email: uniqueEmail("first-connect"), passwordHash: "x" } });
    const post = await signedIn(user.id);
    const refused = await newPost.action(args(post("http://localhost:3000/create", [["intent", "continue"]])));
    expect((refused as { init: ResponseInit | null }).init?.status).toBe(400);
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(0);
    const answer = (await newPost.action(args(post("http://localhost:3000/create", [["connect", "twitter"]])))) as Response;
    expect(answer.headers.get("Location")).toMatch(new RegExp(`^${process.env.X_OAUTH_URL}/authorize\\?`));
    expect(await getDb().post.findFirstOrThrow({ where: { userId: user.id } })).toMatchObject({ platforms: "twitter" });
  });

  it("/create/{id}/platforms: saves the choice, never moves the furthest step back, and comes back to it", async () => {
    const user = await getDb().user.create({ data: { email: uniqueEmail("first-connect"), passwordHash: "x" } });
    const draft = await createPost(user.id, { platforms: ["twitter"], composeStep: "review" });
    const post = await signedIn(user.id);
    const answer = (await platformsStep.action(
      args(
        post(`http://localhost:3000/create/${draft.id}/platforms`, [
          ["platforms", "twitter"],
          ["connect", "linkedin"],
        ]),
        { postId: draft.id },
      ),
    )) as Response;
    expect(answer.status).toBe(302);
    expect(await getDb().post.findUniqueOrThrow({ where: { id: draft.id } })).toMatchObject({ platforms: "linkedin,twitter", composeStep: "review" });
    expect((await getDb().oAuthState.findFirstOrThrow({ where: { userId: user.id } })).returnTo).toBe(`/create/${draft.id}/platforms`);
  });
});
