// The webhooks API (docs/api.md, "Webhooks"): the session's own webhooks only, the secret shown
// once, addresses checked, and the limit held against a burst of 20 at once.
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/core/env/env.server";
import { getDb } from "~/modules/db/db.server";
import { MAX_WEBHOOKS_PER_WORKSPACE } from "~/modules/webhooks/webhooks.server";
import * as attempts from "~/routes/api.webhooks.$webhookId.attempts";
import * as one from "~/routes/api.webhooks.$webhookId";
import * as webhooks from "~/routes/api.webhooks";
import { call, type Handler } from "../support/route-call";
import { signedInUser } from "./helpers";

const list = webhooks.loader as unknown as Handler;
const create = webhooks.action as unknown as Handler;
const events = ["post.published", "post.failed"];

afterEach(() => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE;
  resetEnvCache();
});

describe("/api/webhooks", () => {
  it("adds a webhook, shows its secret once, lists it without, and deletes it", async () => {
    const { cookie } = await signedInUser("webhooks-api");
    const added = await call(create, { method: "POST", cookie, body: { url: "https://hooks.example.com/plume", events } });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ url: "https://hooks.example.com/plume", events, lastStatus: null });
    expect(added.body.data.secret).toMatch(/^whsec_[A-Za-z0-9_-]{20,}$/);
    const listed = await call(list, { cookie });
    expect(listed.body.data).toEqual([
      { id: added.body.data.id, url: "https://hooks.example.com/plume", events, createdAt: added.body.data.createdAt, lastStatus: null },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(added.body.data.secret);
    const params = { webhookId: added.body.data.id };
    expect((await call(attempts.loader as unknown as Handler, { cookie, params })).body.data).toEqual([]);
    expect((await call(one.action as unknown as Handler, { method: "DELETE", cookie, params })).status).toBe(204);
    expect((await call(list, { cookie })).body.data).toEqual([]);
  });

  it("answers 401 without a session, and 404 for another user's webhook", async () => {
    expect((await call(list)).status).toBe(401);
    expect((await call(create, { method: "POST", body: { url: "https://a.example.com", events } })).status).toBe(401);
    const owner = await signedInUser("webhooks-owner");
    const other = await signedInUser("webhooks-other");
    const added = await call(create, { method: "POST", cookie: owner.cookie, body: { url: "https://a.example.com", events } });
    const params = { webhookId: added.body.data.id };
    expect((await call(one.action as unknown as Handler, { method: "DELETE", cookie: other.cookie, params })).status).toBe(404);
    expect((await call(attempts.loader as unknown as Handler, { cookie: other.cookie, params })).status).toBe(404);
    expect(await getDb().webhook.count({ where: { id: added.body.data.id } })).toBe(1);
  });

  it.each([
    [{ url: "http://hooks.example.com", events }, "url"],
    [{ url: "https://localhost/hook", events }, "url"],
    [{ url: "https://127.0.0.1/hook", events }, "url"],
    [{ url: "https://[::1]/hook", events }, "url"],
    [{ url: "https://[::ffff:127.0.0.1]/hook", events }, "url"],
    [{ url: "https://10.0.0.8/hook", events }, "url"],
    [{ url: "https://user:pw@hooks.example.com", events }, "url"],
    [{ url: `https://hooks.example.com/${"a".repeat(2000)}`, events }, "url"],
    [{ url: "https://hooks.example.com", events: [] }, "events"],
    [{ url: "https://hooks.example.com", events: ["post.deleted"] }, "events"],
  ])("refuses %j (422 on %s), in the user's language", async (body, field) => {
    const { cookie, user } = await signedInUser("webhooks-invalid");
    const answer = await call(create, { method: "POST", cookie, body, lang: "fr" });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe("validation_failed");
    expect(Object.keys(answer.body.error.fields)).toEqual([field]);
    expect(answer.body.error.fields[field]).toMatch(/[éè]|Saisissez|Choisissez|L'adresse/);
    expect(await getDb().webhook.count({ where: { userId: user.id } })).toBe(0);
  });

  it("takes http and local addresses when WEBHOOKS_ALLOW_PRIVATE=true", async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE = "true";
    resetEnvCache();
    const { cookie } = await signedInUser("webhooks-private");
    expect((await call(create, { method: "POST", cookie, body: { url: "http://127.0.0.1:9/hook", events } })).status).toBe(201);
  });

  it(`accepts exactly ${MAX_WEBHOOKS_PER_WORKSPACE} of 20 added at once`, async () => {
    const { cookie, user } = await signedInUser("webhooks-burst");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(create, { method: "POST", cookie, body: { url: `https://hooks.example.com/${i}`, events } })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(MAX_WEBHOOKS_PER_WORKSPACE);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.error.code])).toEqual(refused.map(() => [409, "webhook_limit_reached"]));
    expect(await getDb().webhook.count({ where: { userId: user.id } })).toBe(MAX_WEBHOOKS_PER_WORKSPACE);
  });
});
