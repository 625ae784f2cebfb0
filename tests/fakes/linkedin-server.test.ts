import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLinkedInFake, type LinkedInFake } from "./linkedin-server";

// The LinkedIn fake's first-comment behaviour, spoken to in raw HTTP as LinkedIn would be.

let fake: LinkedInFake;

beforeAll(async () => {
  fake = await startLinkedInFake();
});
afterAll(() => fake.close());

const REST = { "linkedin-version": "202610", "x-restli-protocol-version": "2.0.0", "content-type": "application/json" };

function member() {
  const user = fake.createUser();
  return { urn: `urn:li:person:${user.sub}`, token: fake.issueToken(user.sub) };
}

async function post(token: string, author: string, text: string): Promise<string> {
  const response = await fetch(`${fake.apiUrl}/rest/posts`, {
    method: "POST",
    headers: { ...REST, authorization: `Bearer ${token}` },
    body: JSON.stringify({
      author,
      commentary: text,
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    }),
  });
  expect(response.status).toBe(201);
  return response.headers.get("x-restli-id")!;
}

async function comment(token: string, postUrn: string, body: unknown, method = "POST") {
  const response = await fetch(`${fake.apiUrl}/rest/socialActions/${encodeURIComponent(postUrn)}/comments`, {
    method,
    headers: { ...REST, authorization: `Bearer ${token}` },
    body: method === "POST" ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
}

describe("LinkedIn fake: first comments", () => {
  it("answers 201 with the comment URN on the activity, its id also in x-restli-id", async () => {
    const { urn, token } = member();
    const share = await post(token, urn, "A post");
    const answer = await comment(token, share, { actor: urn, object: share, message: { text: "First!" } });
    expect(answer.status).toBe(201);
    const activity = fake.state.posts.at(-1)!.activityUrn;
    expect(answer.body).toEqual({
      id: answer.headers.get("x-restli-id"),
      commentUrn: `urn:li:comment:(${activity},${answer.headers.get("x-restli-id")})`,
      object: activity, // the activity, not the share URN sent
      actor: urn,
      message: { text: "First!" },
      created: { actor: urn, time: expect.any(Number) },
    });
    expect(activity).not.toBe(share);
  });

  it("answers 404 on a post that does not exist, and for a while after creation when asked", async () => {
    const { urn, token } = member();
    expect((await comment(token, "urn:li:share:42", { actor: urn, object: "urn:li:share:42", message: { text: "x" } })).status).toBe(404);
    fake.state.commentNotReadyMs = 60_000;
    const share = await post(token, urn, "Brand new");
    expect((await comment(token, share, { actor: urn, object: share, message: { text: "early" } })).status).toBe(404);
    fake.state.commentNotReadyMs = 0;
    expect((await comment(token, share, { actor: urn, object: share, message: { text: "later" } })).status).toBe(201);
  });

  it("answers 403 unless the actor is the token's member and the post's author", async () => {
    const author = member();
    const other = member();
    const share = await post(author.token, author.urn, "Mine");
    expect((await comment(other.token, share, { actor: other.urn, object: share, message: { text: "not yours" } })).status).toBe(403);
    expect((await comment(author.token, share, { actor: other.urn, object: share, message: { text: "as someone else" } })).status).toBe(403);
    expect((await comment(author.token, share, { actor: author.urn, object: "urn:li:share:1", message: { text: "wrong object" } })).status).toBe(400);
    expect((await comment(author.token, share, { actor: author.urn, object: share })).status).toBe(422);
    expect(fake.state.comments.filter((c) => c.postUrn === share)).toHaveLength(0);
  });

  it("throttles comment creation when told, with LinkedIn's message", async () => {
    const { urn, token } = member();
    const share = await post(token, urn, "Busy");
    fake.throttleComments();
    const throttled = await comment(token, share, { actor: urn, object: share, message: { text: "one" } });
    expect(throttled).toMatchObject({ status: 429, body: { message: "Comment create throttled", status: 429 } });
    expect((await comment(token, share, { actor: urn, object: share, message: { text: "two" } })).status).toBe(201);
  });

  it("does not let a member app read comments back", async () => {
    const { urn, token } = member();
    const share = await post(token, urn, "Readable?");
    await comment(token, share, { actor: urn, object: share, message: { text: "hidden" } });
    const read = await comment(token, share, undefined, "GET");
    expect(read.status).toBe(403);
    expect(read.body.serviceErrorCode).toBe(100);
  });
});
