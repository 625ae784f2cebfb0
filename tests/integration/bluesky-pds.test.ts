import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTid } from "~/integrations/networks/bluesky/tid";
import { startBlueskyPds, type BlueskyPds, type BlueskyTestAccount } from "../support/bluesky-pds";

// What the real PDS answers, on which the Bluesky module relies (docs/decisions/0054-bluesky.md).
// It needs no database: it runs in the SQLite project only.

let pds: BlueskyPds;
let alice: BlueskyTestAccount;

describe.skipIf(process.env.TEST_DATABASE === "postgres")("a real Bluesky PDS", () => {
  beforeAll(async () => {
    pds = await startBlueskyPds();
    alice = await pds.createAccount("alice");
  }, 90_000);

  afterAll(async () => {
    await pds?.stop();
  });

  const post = (text: string) => ({ $type: "app.bsky.feed.post", text, createdAt: new Date().toISOString() });

  it("answers 500 to a second create with the same record key, so a resend must look first", async () => {
    const rkey = newTid();
    const body = { repo: alice.did, collection: "app.bsky.feed.post", rkey, record: post("once") };
    const first = await pds.xrpc("com.atproto.repo.createRecord", { bearer: alice.accessJwt, body });
    expect(first.status).toBe(200);
    expect(first.body.uri).toBe(`at://${alice.did}/app.bsky.feed.post/${rkey}`);
    const again = await pds.xrpc("com.atproto.repo.createRecord", { bearer: alice.accessJwt, body });
    expect(again.status).toBe(500);
    const found = await pds.xrpc("com.atproto.repo.getRecord", { query: { repo: alice.did, collection: "app.bsky.feed.post", rkey } });
    expect(found.status).toBe(200);
    expect(found.body.cid).toBe(first.body.cid);
    const missing = await pds.xrpc("com.atproto.repo.getRecord", { query: { repo: alice.did, collection: "app.bsky.feed.post", rkey: newTid() } });
    expect(missing).toMatchObject({ status: 400, body: { error: "RecordNotFound" } });
  });

  it("refuses a record key that is not a TID", async () => {
    const body = { repo: alice.did, collection: "app.bsky.feed.post", rkey: "not-a-tid", record: post("key") };
    const answer = await pds.xrpc("com.atproto.repo.createRecord", { bearer: alice.accessJwt, body });
    expect(answer.status).toBe(400);
  });

  it("refuses over 300 graphemes with 400 InvalidRequest", async () => {
    const body = { repo: alice.did, collection: "app.bsky.feed.post", record: post("é".repeat(301)) };
    const answer = await pds.xrpc("com.atproto.repo.createRecord", { bearer: alice.accessJwt, body });
    expect(answer).toMatchObject({ status: 400, body: { error: "InvalidRequest" } });
  });

  it("signs in with the app password; a wrong one is 401 AuthenticationRequired; garbage tokens are 400 InvalidToken", async () => {
    const ok = await pds.xrpc("com.atproto.server.createSession", { body: { identifier: alice.handle, password: alice.appPassword } });
    expect(ok.status).toBe(200);
    expect(ok.body.did).toBe(alice.did);
    const wrong = await pds.xrpc("com.atproto.server.createSession", { body: { identifier: alice.handle, password: "aaaa-bbbb-cccc-dddd" } });
    expect(wrong).toMatchObject({ status: 401, body: { error: "AuthenticationRequired" } });
    const garbage = await pds.xrpc("com.atproto.server.getSession", { bearer: "garbage" });
    expect(garbage).toMatchObject({ status: 400, body: { error: "InvalidToken" } });
  });
});
