import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { aiAvailability, assertCanUseAi } from "~/modules/ai/ai-access.server";
import { draftEventStream, draftField, generateDraft, isAiConfigured, streamDraft, type Draft, type DraftRequest } from "~/modules/ai/ai.server";
import { NETWORK_IDS } from "~/core/platforms/platforms";
import { getDb } from "~/modules/db/db.server";
import { composeWithAi } from "~/modules/posts/ai-compose.server";
import { chooseChannels } from "~/modules/posts/compose.server";
import { createPost } from "~/modules/posts/post.server";
import { resetEnvCache } from "~/core/env/env.server";
import type { AppError } from "~/modules/errors/app-error";
import { logger } from "~/core/logger/logger.server";
import { checkLinkedinText } from "~/integrations/networks/linkedin/text";
import { checkXText } from "~/integrations/networks/twitter/text";
import { trialSubscriptionData } from "~/modules/subscriptions/subscription.server";
import { startModelServer, type ModelServer } from "../fakes/model-server";
import { turnBillingOff, turnBillingOn } from "./billing-switch";
import { uniqueEmail } from "./helpers";
import { ndjsonResponse } from "~/modules/http/ndjson.server";

const API_KEY = "sk-test-0123456789-very-secret";
const AI_KEYS = ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL", "AI_TIMEOUT_MS", "AI_REQUESTS_PER_HOUR"] as const;
let server: ModelServer;

function configureAi(overrides: Partial<Record<(typeof AI_KEYS)[number], string | undefined>> = {}): void {
  const values = {
    AI_BASE_URL: server.url,
    AI_API_KEY: API_KEY,
    AI_MODEL: "test-model",
    AI_TIMEOUT_MS: "1000",
    AI_REQUESTS_PER_HOUR: "3",
    ...overrides,
  };
  for (const key of AI_KEYS) {
    const value = values[key];
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetEnvCache();
}

const request = (overrides: Partial<DraftRequest> = {}): DraftRequest => ({
  prompt: "our new scheduling feature",
  platforms: ["linkedin", "twitter"],
  emojis: false,
  hashtags: false,
  locale: "en",
  ...overrides,
});

async function expectAppError(promise: Promise<unknown>, code: string): Promise<AppError> {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as AppError | null;
  expect(error?.code).toBe(code);
  return error!;
}

const lastRequest = () => server.requests[server.requests.length - 1]!;
const systemMessage = () => lastRequest().body.messages.find((m: any) => m.role === "system").content as string;

beforeAll(async () => {
  server = await startModelServer();
});

beforeEach(() => {
  configureAi();
  server.setScenario("ok");
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await server.close();
  for (const key of AI_KEYS) delete process.env[key];
  resetEnvCache();
});

describe("generateDraft", () => {
  it("asks /chat/completions for structured output and returns both texts within the limits", async () => {
    const draft = await generateDraft(request());

    expect(draft.linkedinText).toContain("our new scheduling feature");
    expect(draft.twitterText).toContain("our new scheduling feature");
    expect(checkLinkedinText(draft.linkedinText).fits).toBe(true);
    expect(checkXText(draft.twitterText).fits).toBe(true);

    const sent = lastRequest();
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/chat/completions");
    expect(sent.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(sent.body.model).toBe("test-model");
    expect(sent.body.stream).toBeUndefined();
    expect(sent.body.response_format.type).toBe("json_schema");
    // One field per network: the version 1 pair's, then `<network>Text`; a network not chosen is told to stay empty.
    expect(Object.keys(sent.body.response_format.json_schema.schema.properties)).toEqual(NETWORK_IDS.map((network) => draftField(network)));
    expect(Object.keys(sent.body.response_format.json_schema.schema.properties).slice(0, 3)).toEqual(["linkedinText", "twitterText", "blueskyText"]);
    expect(systemMessage()).toContain("blueskyText: Bluesky is not chosen; return an empty string.");
    expect(draft.blueskyText).toBe("");
    expect(sent.body.messages.at(-1)).toEqual({ role: "user", content: "our new scheduling feature" });
    expect(systemMessage()).toContain("Language: English");
    expect(systemMessage()).toContain("3000 characters");
    expect(systemMessage()).toContain("280 weighted characters");
  });

  it("writes for Bluesky when it is chosen: 300 graphemes, cut to fit if the model ignores it", async () => {
    const draft = await generateDraft(request({ platforms: ["bluesky"] }));
    expect(systemMessage()).toMatch(/^blueskyText: .*300/m);
    expect(systemMessage()).toContain("linkedinText: LinkedIn is not chosen; return an empty string.");
    expect(draft).toMatchObject({ linkedinText: "", twitterText: "" });
    expect(draft.blueskyText).toContain("our new scheduling feature");
  });

  it("writes in French for the fr locale", async () => {
    const draft = await generateDraft(request({ locale: "fr" }));
    expect(systemMessage()).toContain("Language: French");
    expect(draft.linkedinText).toMatch(/^Voici une publication LinkedIn sur/);
    expect(draft.twitterText).toMatch(/^Nouvelle publication sur/);
  });

  it("passes the emoji and hashtag choices to the model", async () => {
    const withBoth = await generateDraft(request({ emojis: true, hashtags: true }));
    expect(systemMessage()).toContain("Emojis: yes");
    expect(systemMessage()).toContain("Hashtags: yes");
    expect(withBoth.twitterText).toContain("🚀");
    expect(withBoth.linkedinText).toContain("#Plume");

    const withNone = await generateDraft(request());
    expect(systemMessage()).toContain("Emojis: no");
    expect(systemMessage()).toContain("Hashtags: no");
    expect(withNone.twitterText).not.toContain("🚀");
    expect(withNone.linkedinText).not.toContain("#");
  });

  it("returns an empty text for a platform that was not chosen", async () => {
    const draft = await generateDraft(request({ platforms: ["linkedin"] }));
    expect(systemMessage()).toContain("X is not chosen");
    expect(draft.linkedinText).not.toBe("");
    expect(draft.twitterText).toBe("");
  });

  it("cuts an X text the model made too long", async () => {
    server.setScenario("tooLong");
    const draft = await generateDraft(request());
    expect(checkXText(draft.twitterText).fits).toBe(true);
    expect(draft.twitterText.endsWith("…")).toBe(true);
    expect(draft.twitterText.length).toBeGreaterThan(200);
  });

  it("gives up after AI_TIMEOUT_MS with ai_timeout", async () => {
    // Fake timers drive both our time limit (1,000 ms) and the model server's delay (3,000 ms).
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      server.setScenario("slow", { delayMs: 3_000 });
      const asked = server.requests.length;
      let settled = false;
      const failure = expectAppError(
        generateDraft(request()).finally(() => (settled = true)),
        "ai_timeout",
      );
      // setImmediate is left real: vi.waitFor would move the fake clock while it polls.
      while (server.requests.length === asked) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await failure;
      expect(error.status).toBe(504);
      expect(error.messageKey).toBe("ai.errors.timeout");
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops when the caller aborts", async () => {
    server.setScenario("slow", { delayMs: 3_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await expectAppError(generateDraft(request(), { signal: controller.signal }), "ai_timeout");
  });

  it("maps a server error to ai_failed", async () => {
    server.setScenario("error500");
    const error = await expectAppError(generateDraft(request()), "ai_failed");
    expect(error.status).toBe(502);
    expect(error.messageKey).toBe("ai.errors.failed");
    expect(server.requests.filter((r) => r.path.endsWith("/chat/completions")).length).toBeGreaterThan(0);
  });

  it("maps a refused key to ai_failed and never logs the key", async () => {
    server.setScenario("error401");
    const logged = vi.spyOn(logger, "error");
    await expectAppError(generateDraft(request()), "ai_failed");
    expect(logged).toHaveBeenCalled();
    const text = JSON.stringify(logged.mock.calls);
    expect(text).toContain("401");
    expect(text).not.toContain(API_KEY);
  });

  it("maps an answer that is not the expected JSON to ai_failed", async () => {
    server.setScenario("badJson");
    await expectAppError(generateDraft(request()), "ai_failed");
  });

  it("is unavailable when neither AI_BASE_URL nor AI_API_KEY is set", async () => {
    configureAi({ AI_BASE_URL: undefined, AI_API_KEY: undefined });
    const before = server.requests.length;
    expect(isAiConfigured()).toBe(false);
    const error = await expectAppError(generateDraft(request()), "ai_unavailable");
    expect(error.status).toBe(503);
    expect(() => streamDraft(request())).toThrow(expect.objectContaining({ code: "ai_unavailable" }));
    expect(() => draftEventStream(request())).toThrow(expect.objectContaining({ code: "ai_unavailable" }));
    expect(server.requests.length).toBe(before);

    configureAi({ AI_BASE_URL: undefined });
    expect(isAiConfigured()).toBe(true);
    configureAi({ AI_API_KEY: undefined });
    expect(isAiConfigured()).toBe(true);
  });
});

describe("streamDraft", () => {
  it("yields partial drafts before the final, limit-checked draft", async () => {
    const { partials, draft } = streamDraft(request({ emojis: true }));
    const seen: Partial<Draft>[] = [];
    for await (const partial of partials) seen.push(partial);
    const final = await draft;

    expect(lastRequest().body.stream).toBe(true);
    expect(lastRequest().path).toBe("/v1/chat/completions");
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0]).not.toEqual(final); // the first snapshot came while the model was still writing
    for (const partial of seen) {
      if (partial.linkedinText !== undefined) expect(final.linkedinText.startsWith(partial.linkedinText)).toBe(true);
    }
    expect(final.twitterText).toContain("🚀");
    expect(checkXText(final.twitterText).fits).toBe(true);
  });

  it("settles the draft even when the partials are not read", async () => {
    const { draft } = streamDraft(request());
    expect((await draft).linkedinText).toContain("our new scheduling feature");
  });

  it("truncates a streamed X text that is too long", async () => {
    server.setScenario("tooLong");
    const { draft } = streamDraft(request());
    expect(checkXText((await draft).twitterText).fits).toBe(true);
  });

  it("rejects the draft with mapped errors", async () => {
    server.setScenario("error500");
    await expectAppError(streamDraft(request()).draft, "ai_failed");
    server.setScenario("badJson");
    await expectAppError(streamDraft(request()).draft, "ai_failed");
    server.setScenario("slow", { delayMs: 3_000 });
    await expectAppError(streamDraft(request()).draft, "ai_timeout");
  });
});

describe("draftEventStream, as an NDJSON answer", () => {
  async function lines(response: Response): Promise<any[]> {
    const text = await response.text();
    expect(text.endsWith("\n")).toBe(true);
    return text
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
  }

  it("streams NDJSON partial lines and a final done line", async () => {
    const response = ndjsonResponse(draftEventStream(request({ locale: "fr" })));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/x-ndjson/);
    const events = await lines(response);
    const last = events.at(-1);
    expect(events.slice(0, -1).length).toBeGreaterThan(0);
    expect(events.slice(0, -1).every((e) => e.type === "partial")).toBe(true);
    expect(last.type).toBe("done");
    expect(last.draft.linkedinText).toMatch(/^Voici/);
  });

  it("sends a failure as the last line", async () => {
    server.setScenario("error500");
    const response = ndjsonResponse(draftEventStream(request()));
    expect(response.status).toBe(200);
    const events = await lines(response);
    expect(events.at(-1)).toEqual({ type: "error", code: "ai_failed", messageKey: "ai.errors.failed" });
  });
});

describe("assertCanUseAi", () => {
  const DAY_MS = 24 * 60 * 60 * 1000;

  // Plans limit nobody while billing is off: these tests are about a Stripe-billed instance.
  beforeEach(() => turnBillingOn());
  afterEach(() => turnBillingOff());

  async function createUser(trialStartedAt = new Date()) {
    return getDb().user.create({
      data: {
        email: uniqueEmail("ai"),
        passwordHash: "not-a-real-hash",
        subscription: { create: trialSubscriptionData(trialStartedAt) },
      },
    });
  }

  it("lets a user in trial use the assistant", async () => {
    const user = await createUser();
    expect(await aiAvailability(user.id)).toBe("available");
    await expect(assertCanUseAi(user.id)).resolves.toBeUndefined();
  });

  it("refuses a user whose trial is over, without counting the request", async () => {
    const user = await createUser(new Date(Date.now() - 15 * DAY_MS));
    expect(await aiAvailability(user.id)).toBe("paid_plan_required");
    const error = await expectAppError(assertCanUseAi(user.id), "ai_paid_plan_required");
    expect(error.status).toBe(402);
    expect(error.messageKey).toBe("ai.errors.paidPlanRequired");
    expect(await getDb().rateLimitBucket.findUnique({ where: { key: `ai:user:${user.id}` } })).toBeNull();
  });

  it("limits each user to AI_REQUESTS_PER_HOUR requests", async () => {
    const user = await createUser();
    const other = await createUser();
    for (let i = 0; i < 3; i++) await assertCanUseAi(user.id);
    const error = await expectAppError(assertCanUseAi(user.id), "rate_limited");
    expect(error.status).toBe(429);
    expect(error.messageKey).toBe("ai.errors.rateLimited");
    expect(error.options.retryAfterSeconds).toBeGreaterThan(3500);
    expect(error.options.values).toEqual({ count: 60 });
    await expect(assertCanUseAi(other.id)).resolves.toBeUndefined();
    expect(await aiAvailability(user.id)).toBe("available"); // the UI check counts nothing
  });

  it("lets anyone use the assistant while billing is off, also after the trial or without a subscription", async () => {
    turnBillingOff();
    const expired = await createUser(new Date(Date.now() - 15 * DAY_MS));
    const without = await getDb().user.create({ data: { email: uniqueEmail("ai"), passwordHash: "not-a-real-hash" } });
    for (const user of [expired, without]) {
      expect(await aiAvailability(user.id)).toBe("available");
      await expect(assertCanUseAi(user.id)).resolves.toBeUndefined();
    }
  });

  it("lets an active pro or enterprise subscriber in, and refuses free, canceled or pending ones", async () => {
    const cases = [
      { plan: "pro", status: "active", expected: "available" },
      { plan: "enterprise", status: "active", expected: "available" },
      { plan: "free", status: "active", expected: "paid_plan_required" },
      { plan: "pro", status: "canceled", expected: "paid_plan_required" },
      { plan: "pro", status: "pending", expected: "paid_plan_required" },
    ] as const;
    for (const { plan, status, expected } of cases) {
      const user = await getDb().user.create({
        data: { email: uniqueEmail("ai"), passwordHash: "not-a-real-hash", subscription: { create: { plan, status } } },
      });
      expect(await aiAvailability(user.id), `${plan} ${status}`).toBe(expected);
    }
  });

  it("reports an unconfigured assistant before anything else", async () => {
    const user = await createUser();
    configureAi({ AI_BASE_URL: undefined, AI_API_KEY: undefined });
    expect(await aiAvailability(user.id)).toBe("unconfigured");
    const error = await expectAppError(assertCanUseAi(user.id), "ai_unavailable");
    expect(error.status).toBe(503);
    expect(await getDb().rateLimitBucket.findUnique({ where: { key: `ai:user:${user.id}` } })).toBeNull();
  });
});

describe("the wizard's AI path, with accounts of any network", () => {
  it("writes each network's own text as part 1 of its accounts: Bluesky beside LinkedIn, both X accounts alike", async () => {
    const user = await getDb().user.create({
      data: { email: uniqueEmail("ai-channels"), passwordHash: "x", subscription: { create: trialSubscriptionData() } },
    });
    const channel = (network: string, n: number) =>
      getDb().channel.create({
        data: { userId: user.id, workspaceId: user.id, network, providerUserId: `${network}-${n}-${user.id}`, displayName: `${network} ${n}` },
      });
    const chosen = [await channel("bluesky", 1), await channel("linkedin", 1), await channel("twitter", 1), await channel("twitter", 2)];
    const post = await createPost(user.id, { platforms: [] });
    await chooseChannels(
      user.id,
      post.id,
      chosen.map((c) => c.id),
    );
    await composeWithAi(user.id, post.id, { prompt: "our spring release", emojis: false, hashtags: false }, "en");
    const targets = await getDb().postTarget.findMany({ where: { postId: post.id }, include: { parts: true }, orderBy: { position: "asc" } });
    const texts = targets.map((target) => [target.network, target.parts[0]!.text]);
    expect(texts).toEqual([
      ["bluesky", "A post bluesky about our spring release"],
      ["linkedin", "Here is a LinkedIn post about our spring release."],
      ["twitter", "New post about our spring release"],
      ["twitter", "New post about our spring release"],
    ]);
    // The model was told to write for the three networks, and for nothing else.
    expect(systemMessage()).not.toMatch(/^(linkedinText|twitterText|blueskyText): .* is not chosen/m);
    expect(await getDb().post.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({
      source: "ai",
      aiPrompt: "our spring release",
    });
  });
});
