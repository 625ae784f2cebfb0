// The free plan's monthly limit as the API and the pages answer it: 402 with a message that says
// the limit and points at /pricing, and nothing changed.
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import { formErrorsOf, type FormReply } from "~/modules/forms/reply";
import { FREE_SCHEDULED_POSTS_PER_MONTH } from "~/modules/subscriptions/plan-limits";
import * as posts from "~/routes/api.posts";
import * as publish from "~/routes/api.posts.$postId.publish";
import * as schedule from "~/routes/api.posts.$postId.schedule";
import * as methodStep from "~/routes/_dashboard.create.$postId.method";
import * as scheduleStep from "~/routes/_dashboard.create.$postId.schedule";
import * as postPage from "~/routes/_dashboard.posts.$postId";
import * as schedulePage from "~/routes/_dashboard.posts.$postId_.schedule";
import { turnBillingOff, turnBillingOn } from "./billing-switch";
import { cookieOf, planUser, readyDraft, seedPosts, YEAR } from "./plan-limits-support";

type Handler = (args: ActionFunctionArgs) => Promise<unknown>;

const ENGLISH = `The Free plan includes ${FREE_SCHEDULED_POSTS_PER_MONTH} scheduled posts a month, and that month's are used. Upgrade to Pro for unlimited posts: /pricing`;
const FRENCH = `L'offre Gratuit comprend ${FREE_SCHEDULED_POSTS_PER_MONTH} posts planifiés par mois, et ceux de ce mois sont déjà utilisés. Passez à Pro pour des posts illimités : /pricing`;

const JANUARY_10 = new Date(Date.UTC(YEAR, 0, 10, 12));

async function run(
  handler: Handler,
  cookie: string,
  init: { path: string; params?: Record<string, string>; json?: unknown; form?: Record<string, string>; lang?: string },
) {
  const headers = new Headers({ Cookie: cookie, "Accept-Language": init.lang ?? "en" });
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  } else {
    const form = new FormData();
    for (const [name, value] of Object.entries(init.form ?? {})) form.set(name, value);
    body = form;
  }
  const request = new Request(`http://localhost:3000${init.path}`, { method: "POST", headers, body });
  const args = { request, params: init.params ?? {}, context: { cspNonce: "", clientIp: "192.0.2.40" } } as unknown as ActionFunctionArgs;
  return handler(args);
}

async function apiAnswer(answer: unknown) {
  const response = answer as Response;
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string }; data?: unknown } };
}

/** A page action's FormReply and status (data() answers carry both). */
function pageAnswer(answer: unknown) {
  const { data, init } = answer as { data: FormReply; init: ResponseInit | null };
  return { status: init?.status, errors: formErrorsOf(data) };
}

/** A free user whose January is full, with a draft ready to go. */
async function fullJanuary() {
  const user = await planUser();
  await seedPosts(user.id, FREE_SCHEDULED_POSTS_PER_MONTH, JANUARY_10);
  await seedPosts(user.id, FREE_SCHEDULED_POSTS_PER_MONTH, new Date(), "published");
  return { user, cookie: await cookieOf(user.id), draft: await readyDraft(user.id) };
}

async function expectUntouchedDraft(postId: string) {
  const post = await getDb().post.findUniqueOrThrow({ where: { id: postId } });
  expect(post).toMatchObject({ status: "draft", scheduledAt: null });
}

beforeEach(() => turnBillingOn());
afterEach(() => turnBillingOff());

describe("the API", () => {
  it("POST /api/posts with scheduledAt answers 402 in the caller's language and leaves no post behind", async () => {
    const { user, cookie } = await fullJanuary();
    const before = await getDb().post.count({ where: { userId: user.id } });
    const json = { platforms: ["linkedin"], linkedinText: "Hello", scheduledAt: JANUARY_10.toISOString() };
    const english = await apiAnswer(await run(posts.action, cookie, { path: "/api/posts", json }));
    expect(english).toEqual({ status: 402, body: { error: { code: "plan_limit_reached", message: ENGLISH } } });
    const french = await apiAnswer(await run(posts.action, cookie, { path: "/api/posts", json, lang: "fr" }));
    expect(french.body.error!.message).toBe(FRENCH);
    expect(await getDb().post.count({ where: { userId: user.id } })).toBe(before);
    // Another month is open.
    const february = { ...json, scheduledAt: new Date(Date.UTC(YEAR, 1, 10, 12)).toISOString() };
    expect((await apiAnswer(await run(posts.action, cookie, { path: "/api/posts", json: february }))).status).toBe(201);
  });

  it("/schedule and /publish answer 402 and the draft stays a draft", async () => {
    const { cookie, draft } = await fullJanuary();
    const params = { postId: draft.id };
    const scheduled = await apiAnswer(
      await run(schedule.action, cookie, { path: `/api/posts/${draft.id}/schedule`, params, json: { scheduledAt: JANUARY_10.toISOString() } }),
    );
    expect(scheduled).toEqual({ status: 402, body: { error: { code: "plan_limit_reached", message: ENGLISH } } });
    const published = await apiAnswer(await run(publish.action, cookie, { path: `/api/posts/${draft.id}/publish`, params }));
    expect(published.status).toBe(402);
    expect(published.body.error!.code).toBe("plan_limit_reached");
    await expectUntouchedDraft(draft.id);
  });
});

describe("the pages", () => {
  it("the wizard's last step, the schedule page and publish-now answer 402 with the message and its /pricing link", async () => {
    const { cookie, draft } = await fullJanuary();
    const params = { postId: draft.id };
    const later = { when: "later", date: `${YEAR}-01-12`, time: "09:00" };
    const answers = [
      pageAnswer(await run(scheduleStep.action, cookie, { path: `/create/${draft.id}/schedule`, params, form: { intent: "schedule", ...later } })),
      pageAnswer(await run(schedulePage.action, cookie, { path: `/posts/${draft.id}/schedule`, params, form: later, lang: "fr" })),
      pageAnswer(await run(scheduleStep.action, cookie, { path: `/create/${draft.id}/schedule`, params, form: { intent: "schedule", when: "now" } })),
      pageAnswer(await run(postPage.action, cookie, { path: `/posts/${draft.id}`, params, form: { intent: "publishNow" } })),
    ];
    expect(answers).toEqual([
      { status: 402, errors: [ENGLISH] },
      { status: 402, errors: [FRENCH] },
      { status: 402, errors: [ENGLISH] },
      { status: 402, errors: [ENGLISH] },
    ]);
    await expectUntouchedDraft(draft.id);
  });

  it("lets the same user schedule from the pages once billing is off", async () => {
    const { cookie, draft } = await fullJanuary();
    turnBillingOff();
    const answer = await run(schedulePage.action, cookie, {
      path: `/posts/${draft.id}/schedule`,
      params: { postId: draft.id },
      form: { when: "later", date: `${YEAR}-01-12`, time: "09:00" },
    });
    expect((answer as Response).status).toBe(302);
    expect((await getDb().post.findUniqueOrThrow({ where: { id: draft.id } })).status).toBe("scheduled");
  });
});

describe("the wizard's method step", () => {
  // A configured model (never called: choosing the method only checks who may use it).
  beforeEach(() => {
    process.env.AI_API_KEY = "sk-test-plan-limits";
    resetEnvCache();
  });
  afterEach(() => {
    delete process.env.AI_API_KEY;
    resetEnvCache();
  });

  it("refuses AI to a free user with 402 and the /pricing link while billing is on, and allows it once billing is off", async () => {
    const user = await planUser("expired-trial");
    const draft = await readyDraft(user.id);
    const cookie = await cookieOf(user.id);
    const choose = (lang = "en") =>
      run(methodStep.action, cookie, { path: `/create/${draft.id}/method`, params: { postId: draft.id }, form: { method: "ai" }, lang });
    expect(pageAnswer(await choose())).toEqual({
      status: 402,
      errors: ["The writing assistant needs a Pro or Enterprise subscription (the free trial includes it). See the plans: /pricing"],
    });
    expect(pageAnswer(await choose("fr")).errors).toEqual([
      "L'assistant de rédaction nécessite un abonnement Pro ou Entreprise (l'essai gratuit l'inclut). Voir les offres : /pricing",
    ]);
    turnBillingOff();
    expect(((await choose()) as Response).status).toBe(302);
    expect((await getDb().post.findUniqueOrThrow({ where: { id: draft.id } })).source).toBe("ai");
  });
});
