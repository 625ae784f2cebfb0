// Every limit against a burst: 20 requests at once, as a script or a double-clicking user sends
// them. Exactly the limit is accepted and the others get the usual refusal in the user's language,
// on SQLite and PostgreSQL alike (PostgreSQL runs them on several connections at once).
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import type { AppError } from "~/modules/errors/app-error";
import { formErrorsOf, succeeded, type FormReply } from "~/modules/forms/reply";
import { MAX_IMAGES_PER_POST } from "~/modules/media/limits";
import { addImage } from "~/modules/posts/post-images.server";
import { schedulePost } from "~/modules/posts/post.server";
import { FREE_SCHEDULED_POSTS_PER_MONTH } from "~/modules/subscriptions/plan-limits";
import * as aiGenerate from "~/routes/api.ai.generate";
import * as posts from "~/routes/api.posts";
import * as contact from "~/routes/_default.contact";
import { startModelServer, type ModelServer } from "../fakes/model-server";
import { pngBytes } from "../support/publishing";
import { turnBillingOff, turnBillingOn } from "./billing-switch";
import { cookieOf, planUser, readyDraft, YEAR } from "./plan-limits-support";

const BURST = 20;

type Handler = (args: ActionFunctionArgs) => Promise<unknown>;

/** One POST to a route's action, as the server hands it over (JSON or form, a language, an address). */
function post(handler: Handler, init: { path: string; cookie?: string; json?: unknown; form?: Record<string, string>; lang?: string }) {
  const headers = new Headers({ "Accept-Language": init.lang ?? "en" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  let body: BodyInit;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  } else {
    body = new URLSearchParams(init.form ?? {});
  }
  const request = new Request(`http://localhost:3000${init.path}`, { method: "POST", headers, body });
  return handler({ request, params: {}, context: { cspNonce: "", clientIp: "192.0.2.77" } } as unknown as ActionFunctionArgs);
}

async function apiAnswer(answer: unknown) {
  const response = answer as Response;
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

/** How many answers had each status, e.g. { 201: 10, 402: 10 }. */
function tally(statuses: (number | undefined)[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[String(status)] = (counts[String(status)] ?? 0) + 1;
  return counts;
}

const times = <T>(count: number, make: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => make(i)));

describe("the free plan's posts a month", () => {
  beforeEach(() => turnBillingOn());
  afterEach(() => turnBillingOff());

  const january = (day: number) => new Date(Date.UTC(YEAR, 0, day, 12));
  const FRENCH = `L'offre Gratuit comprend ${FREE_SCHEDULED_POSTS_PER_MONTH} posts planifiés par mois, et ceux de ce mois sont déjà utilisés. Passez à Pro pour des posts illimités : /pricing`;

  // Forty requests, each writing a post: seconds on a busy machine (a bound, not a timing).
  it("POST /api/posts: of 20 at once, exactly ten are scheduled and the others get 402 in French; a second wave gets none", { timeout: 30_000 }, async () => {
    const user = await planUser();
    const cookie = await cookieOf(user.id);
    const wave = () =>
      times(BURST, async (i) => {
        const json = { platforms: ["linkedin"], linkedinText: `Burst ${i}`, scheduledAt: january(1 + i).toISOString() };
        return apiAnswer(await post(posts.action, { path: "/api/posts", cookie, json, lang: "fr" }));
      });

    const first = await wave();
    expect(tally(first.map((a) => a.status))).toEqual({ 201: FREE_SCHEDULED_POSTS_PER_MONTH, 402: BURST - FREE_SCHEDULED_POSTS_PER_MONTH });
    for (const refused of first.filter((a) => a.status === 402)) {
      expect(refused.body).toEqual({ error: { code: "plan_limit_reached", message: FRENCH } });
    }
    const second = await wave();
    expect(tally(second.map((a) => a.status))).toEqual({ 402: BURST });
    // Refused posts leave nothing behind.
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(FREE_SCHEDULED_POSTS_PER_MONTH);
  });

  it("schedulePost: of 20 drafts scheduled at once, exactly ten leave draft", async () => {
    const user = await planUser();
    const drafts = await times(BURST, () => readyDraft(user.id));
    const outcomes = await Promise.allSettled(drafts.map((draft, i) => schedulePost(user.id, draft.id, january(1 + i))));
    const refusals = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as AppError).code] : []));
    expect(refusals).toEqual(Array(BURST - FREE_SCHEDULED_POSTS_PER_MONTH).fill("plan_limit_reached"));
    expect(await getDb().post.count({ where: { userId: user.id, status: "scheduled" } })).toBe(FREE_SCHEDULED_POSTS_PER_MONTH);
    expect(await getDb().delivery.count({ where: { post: { userId: user.id } } })).toBe(FREE_SCHEDULED_POSTS_PER_MONTH * 2);
  });
});

describe("AI requests per hour", () => {
  const AI_KEYS = ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL", "AI_REQUESTS_PER_HOUR"] as const;
  let model: ModelServer;
  beforeAll(async () => {
    model = await startModelServer();
    Object.assign(process.env, { AI_BASE_URL: model.url, AI_API_KEY: "sk-test-burst", AI_MODEL: "test-model", AI_REQUESTS_PER_HOUR: "5" });
    resetEnvCache();
  });
  afterAll(async () => {
    await model.close();
    for (const key of AI_KEYS) delete process.env[key];
    resetEnvCache();
  });

  it("POST /api/ai/generate: of 20 at once, exactly AI_REQUESTS_PER_HOUR reach the model, the others get 429 in English", async () => {
    const user = await planUser();
    const cookie = await cookieOf(user.id);
    const before = model.requests.length;
    const json = { prompt: "our new scheduling feature", platforms: ["linkedin", "twitter"], emojis: false, hashtags: false };
    const answers = await times(BURST, async () => apiAnswer(await post(aiGenerate.action, { path: "/api/ai/generate", cookie, json })));
    expect(tally(answers.map((a) => a.status))).toEqual({ 200: 5, 429: BURST - 5 });
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body.error).toEqual({ code: "rate_limited", message: "You have asked the assistant for many drafts. Please try again in 60 minutes." });
    }
    expect(model.requests.length - before).toBe(5);
  });
});

describe("a rate limit in the database", () => {
  it("the contact form: of 20 at once from one address, exactly five are kept, the others are told to wait", async () => {
    const email = `burst-${Date.now()}@example.com`;
    const form = { name: "Grace", email, topic: "sales", message: "Twenty messages sent at once." };
    const replies = (await times(BURST, () => post(contact.action, { path: "/contact", form }))) as { data: FormReply; init: ResponseInit | null }[];
    expect(replies.filter((reply) => succeeded(reply.data))).toHaveLength(5);
    const refused = replies.filter((reply) => !succeeded(reply.data));
    expect(refused.map((reply) => [reply.init?.status, formErrorsOf(reply.data)])).toEqual(
      Array(BURST - 5).fill([429, ["Too many attempts. Please try again in 60 minutes."]]),
    );
    expect(await getDb().contactMessage.count({ where: { email } })).toBe(5);
  });
});

describe("images a post", () => {
  it(`of 20 uploaded at once, exactly ${MAX_IMAGES_PER_POST} are kept, in positions 0 to ${MAX_IMAGES_PER_POST - 1}`, async () => {
    const user = await planUser();
    const draft = await readyDraft(user.id);
    const bytes = await pngBytes();
    const outcomes = await Promise.allSettled(Array.from({ length: BURST }, () => addImage(user.id, draft.id, bytes)));
    const refusals = outcomes.flatMap((o) => (o.status === "rejected" ? [(o.reason as AppError).code] : []));
    expect(refusals).toEqual(Array(BURST - MAX_IMAGES_PER_POST).fill("too_many_images"));
    const kept = await getDb().media.findMany({ where: { postId: draft.id }, orderBy: { position: "asc" }, select: { position: true } });
    expect(kept.map((image) => image.position)).toEqual(Array.from({ length: MAX_IMAGES_PER_POST }, (_, i) => i));
  });
});
