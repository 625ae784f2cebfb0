import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLY_NOT_ALLOWED, REPLY_PARENT_MISSING, startXFake, type XFake } from "./x-server";

// The X fake's thread, timeline and metrics behaviour, spoken to in raw HTTP as X would be.

let fake: XFake;

beforeAll(async () => {
  fake = await startXFake();
});
afterAll(() => fake.close());

function account() {
  const user = fake.createUser();
  return { user, token: fake.issueTokens(user.id).accessToken };
}

async function call(token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${fake.apiUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe("X fake: replies", () => {
  it("takes a reply to the account's own tweet and records what it answers", async () => {
    const { token } = account();
    const head = await call(token, "POST", "/2/tweets", { text: "head" });
    const reply = await call(token, "POST", "/2/tweets", { text: "reply", reply: { in_reply_to_tweet_id: head.body.data.id } });
    expect(reply.status).toBe(201);
    expect(fake.state.tweets.at(-1)!.repliedTo).toBe(head.body.data.id);
  });

  it("answers 403 for a reply to a tweet that does not exist, and 400 for a malformed id", async () => {
    const { token } = account();
    const missing = await call(token, "POST", "/2/tweets", { text: "to nothing", reply: { in_reply_to_tweet_id: "1234567890" } });
    expect(missing).toEqual({ status: 403, body: { title: "Forbidden", detail: REPLY_PARENT_MISSING, type: "about:blank", status: 403 } });
    expect((await call(token, "POST", "/2/tweets", { text: "bad", reply: { in_reply_to_tweet_id: 12 } })).status).toBe(400);
    expect(fake.countTweets("to nothing")).toBe(0);
  });

  it("answers 403 with X's exact detail for a reply to another author who did not mention the account", async () => {
    const { user, token } = account();
    const other = fake.createUser();
    const theirs = fake.seedTweet(other.id, "my own thoughts");
    const refused = await call(token, "POST", "/2/tweets", { text: "hi", reply: { in_reply_to_tweet_id: theirs.id } });
    expect(refused).toEqual({ status: 403, body: { title: "Forbidden", detail: REPLY_NOT_ALLOWED, type: "about:blank", status: 403 } });
    const mention = fake.seedTweet(other.id, `thanks @${user.username}`);
    expect((await call(token, "POST", "/2/tweets", { text: "hi", reply: { in_reply_to_tweet_id: mention.id } })).status).toBe(201);
    // A longer handle that merely starts with the account's is no mention.
    const near = fake.seedTweet(other.id, `hello @${user.username}x`);
    expect((await call(token, "POST", "/2/tweets", { text: "hi again", reply: { in_reply_to_tweet_id: near.id } })).status).toBe(403);
  });

  it("still refuses identical text of the same account as a duplicate, reply or not", async () => {
    const { token } = account();
    const head = await call(token, "POST", "/2/tweets", { text: "dup head" });
    await call(token, "POST", "/2/tweets", { text: "same", reply: { in_reply_to_tweet_id: head.body.data.id } });
    const again = await call(token, "POST", "/2/tweets", { text: "same", reply: { in_reply_to_tweet_id: head.body.data.id } });
    expect(again.status).toBe(403);
    expect(again.body.detail).toBe("You are not allowed to create a Tweet with duplicate content.");
  });
});

describe("X fake: timeline references and metrics", () => {
  it("gives referenced_tweets only when tweet.fields asks for it, and only on replies", async () => {
    const { user, token } = account();
    const head = await call(token, "POST", "/2/tweets", { text: "t head" });
    const reply = await call(token, "POST", "/2/tweets", { text: "t reply", reply: { in_reply_to_tweet_id: head.body.data.id } });
    const plain = await call(token, "GET", `/2/users/${user.id}/tweets?max_results=5`);
    expect(plain.body.data[0]).not.toHaveProperty("referenced_tweets");
    const withRefs = await call(token, "GET", `/2/users/${user.id}/tweets?max_results=5&tweet.fields=created_at,referenced_tweets`);
    expect(withRefs.body.data[0]).toMatchObject({ id: reply.body.data.id, referenced_tweets: [{ type: "replied_to", id: head.body.data.id }] });
    expect(withRefs.body.data[1]).not.toHaveProperty("referenced_tweets");
  });

  it("looks tweets up by id with the metrics a test set, listing unknown ids under errors", async () => {
    const { token } = account();
    const tweet = await call(token, "POST", "/2/tweets", { text: "measured" });
    const id = tweet.body.data.id;
    fake.setMetrics(id, { like_count: 5, impression_count: 99 });
    const answer = await call(token, "GET", `/2/tweets?ids=${id},1000&tweet.fields=public_metrics`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        id,
        text: "measured",
        edit_history_tweet_ids: [id],
        public_metrics: { like_count: 5, retweet_count: 0, reply_count: 0, quote_count: 0, bookmark_count: 0, impression_count: 99 },
      },
    ]);
    expect(answer.body.errors[0]).toMatchObject({ value: "1000", resource_type: "tweet", title: "Not Found Error" });
    expect((await call(token, "GET", `/2/tweets?ids=${id}`)).body.data[0]).not.toHaveProperty("public_metrics");
    const none = await call(token, "GET", "/2/tweets?ids=1000&tweet.fields=public_metrics");
    expect(none.body).not.toHaveProperty("data");
    expect((await call(token, "GET", `/2/tweets?ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(",")}`)).status).toBe(400);
    expect((await call(token, "GET", "/2/tweets")).status).toBe(400);
  });
});
