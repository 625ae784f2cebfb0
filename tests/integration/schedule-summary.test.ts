// The schedule step sums up where a post goes: every target (any network, several accounts of one),
// part 1's text, how many parts, and the problem its network would refuse, named like scheduling names it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { createPostWithTargets } from "~/modules/posts/post.server";
import * as scheduleStep from "~/routes/_dashboard.create.$postId.schedule";
import { signedInUser } from "./helpers";

async function loadSummary(cookie: string, postId: string) {
  const request = new Request(`http://localhost:3000/create/${postId}/schedule`, { headers: { Cookie: cookie } });
  const args = { request, params: { postId }, context: { cspNonce: "", clientIp: "192.0.2.31" } } as unknown as LoaderFunctionArgs;
  return (await scheduleStep.loader(args))!;
}

describe("the schedule step's summary", () => {
  it("lists each target with its account, part 1, its parts, and a too long Bluesky part as scheduling would name it", async () => {
    const { user, cookie } = await signedInUser("summary");
    const db = getDb();
    const bluesky = await db.channel.create({
      data: { userId: user.id, workspaceId: user.id, network: "bluesky", providerUserId: `did:plc:${user.id}`, displayName: "Ada", handle: "ada.test" },
    });
    const x = await db.channel.create({
      data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: `x-${user.id}`, displayName: "Ada", handle: "ada" },
    });
    const linkedin = await db.channel.create({
      data: { userId: user.id, workspaceId: user.id, network: "linkedin", providerUserId: `li-${user.id}`, displayName: "Ada L", handle: "ada@example.com" },
    });
    const post = await createPostWithTargets(user.id, [
      { channelId: bluesky.id, parts: [{ text: "b".repeat(301) }] },
      { channelId: x.id, parts: [{ text: "One" }, { text: "Two" }, { text: "Three" }] },
      { channelId: linkedin.id, parts: [{ text: "Hello" }, { text: "Link in the comment" }] },
    ]);
    const { targets } = await loadSummary(cookie, post.id);
    expect(targets.map(({ network, label, text, partCount }) => ({ network, label, text, partCount }))).toEqual([
      { network: "bluesky", label: "Bluesky @ada.test", text: "b".repeat(301), partCount: 1 },
      { network: "twitter", label: "X @ada", text: "One", partCount: 3 },
      { network: "linkedin", label: "LinkedIn ada@example.com", text: "Hello", partCount: 2 },
    ]);
    expect(targets[0]!.problem).toEqual({ key: "posts.errors.parts.textOverLimit", values: { target: "Bluesky @ada.test", part: 1, length: 301, max: 300 } });
    expect(targets[1]!.problem).toBeNull();
    expect(targets[2]!.problem).toBeNull();
  });

  it("is another user's post: 404, nothing shown", async () => {
    const owner = await signedInUser("summary-owner");
    const other = await signedInUser("summary-other");
    const channel = await getDb().channel.create({
      data: { userId: owner.user.id, workspaceId: owner.user.id, network: "bluesky", providerUserId: `did:plc:${owner.user.id}` },
    });
    const post = await createPostWithTargets(owner.user.id, [{ channelId: channel.id, parts: [{ text: "Mine" }] }]);
    const thrown = await loadSummary(other.cookie, post.id).catch((error: unknown) => error);
    expect((thrown as { status?: number; init?: { status?: number } }).status ?? (thrown as { init?: { status?: number } }).init?.status).toBe(404);
  });
});
