// The workspaces migration moves a database made with the schema before it: every user gets a
// personal workspace (with the user's id) where everything they owned now lives, and every user
// made afterwards, however it is made, gets one too.
import { describe, expect, it } from "vitest";
import { createDb } from "~/modules/db/db.server";
import { migrate } from "~/modules/db/migrate.server";
import { emptyDatabase } from "../support/empty-database";
import { execute, insertRow, migrationsBefore } from "../support/older-schema";

const WORKSPACES = "workspaces";

describe("the workspaces migration", () => {
  it("files every user's channels, posts, slots, tokens and webhooks into their personal workspace, losing nothing", async () => {
    const url = await emptyDatabase("preworkspaces");
    const before = await migrate(url, migrationsBefore(url, WORKSPACES));
    expect(before.applied.some((name) => name.endsWith(WORKSPACES))).toBe(false);
    const at = url.startsWith("file:") ? "2026-11-20T10:00:00.000+00:00" : new Date("2026-11-20T10:00:00Z");
    const owned = (id: string, userId: string) => ({ id, userId });
    await execute(url, [
      insertRow("User", { id: "u1", email: "one@example.com", passwordHash: "x", createdAt: at, updatedAt: at }),
      insertRow("User", { id: "u2", email: "two@example.com", passwordHash: "x", createdAt: at, updatedAt: at }),
      insertRow("User", { id: "u3", email: "three@example.com", passwordHash: "x", createdAt: at, updatedAt: at }),
      insertRow("Channel", { ...owned("ch1", "u1"), network: "linkedin", providerUserId: "member-1", accessTokenEnc: "sealed", updatedAt: at }),
      insertRow("Channel", { ...owned("ch2", "u1"), network: "twitter", providerUserId: "x-1", updatedAt: at }),
      insertRow("Channel", { ...owned("ch3", "u2"), network: "twitter", providerUserId: "x-2", updatedAt: at }),
      insertRow("Post", { ...owned("p1", "u1"), status: "scheduled", linkedinText: "Hello", scheduledAt: at, updatedAt: at }),
      insertRow("Post", { ...owned("p2", "u2"), status: "draft", twitterText: "Draft", updatedAt: at }),
      insertRow("PostTarget", { id: "t1", postId: "p1", channelId: "ch1", network: "linkedin", position: 1, updatedAt: at }),
      insertRow("QueueSlot", { ...owned("s1", "u1"), channelId: "ch2", weekday: 1, time: "09:00" }),
      insertRow("ApiToken", { ...owned("k1", "u2"), name: "CI", scopes: "posts:read", prefix: "plm_abcd", tokenHash: "hash-1" }),
      insertRow("Webhook", { ...owned("w1", "u1"), url: "https://hooks.example.com/plume", events: "post.published", secretEnc: "sealed" }),
      insertRow("WebhookEvent", { id: "e1", userId: "u1", type: "post.published", subject: '{"postId":"p1"}', createdAt: at }),
      insertRow("WebhookDelivery", {
        id: "e1_w1",
        eventId: "e1",
        webhookId: "w1",
        status: "pending",
        attempts: 0,
        nextAttemptAt: at,
        giveUpAt: at,
        createdAt: at,
        updatedAt: at,
      }),
    ]);

    const after = await migrate(url);
    expect(after.applied.some((name) => name.endsWith(WORKSPACES))).toBe(true);
    const db = createDb(url);
    try {
      // One personal workspace per user, with the user's id, the user its owner; none shared.
      expect(await db.workspace.findMany({ orderBy: { id: "asc" }, select: { id: true, personalOfId: true, name: true, approvalRequired: true } })).toEqual(
        ["u1", "u2", "u3"].map((id) => ({ id, personalOfId: id, name: "", approvalRequired: false })),
      );
      expect(await db.workspaceMember.findMany({ orderBy: { userId: "asc" }, select: { workspaceId: true, userId: true, role: true } })).toEqual(
        ["u1", "u2", "u3"].map((id) => ({ workspaceId: id, userId: id, role: "owner" })),
      );
      // Everything stays where it was, now in its owner's workspace.
      const rows = {
        channels: await db.channel.findMany({ orderBy: { id: "asc" }, select: { id: true, userId: true, workspaceId: true, accessTokenEnc: true } }),
        posts: await db.post.findMany({ orderBy: { id: "asc" }, select: { id: true, userId: true, workspaceId: true, status: true, linkedinText: true } }),
        slots: await db.queueSlot.findMany({ select: { id: true, workspaceId: true, channelId: true } }),
        tokens: await db.apiToken.findMany({ select: { id: true, workspaceId: true, tokenHash: true } }),
        webhooks: await db.webhook.findMany({ select: { id: true, workspaceId: true, url: true } }),
      };
      expect(rows.channels).toEqual([
        { id: "ch1", userId: "u1", workspaceId: "u1", accessTokenEnc: "sealed" },
        { id: "ch2", userId: "u1", workspaceId: "u1", accessTokenEnc: null },
        { id: "ch3", userId: "u2", workspaceId: "u2", accessTokenEnc: null },
      ]);
      expect(rows.posts).toEqual([
        { id: "p1", userId: "u1", workspaceId: "u1", status: "scheduled", linkedinText: "Hello" },
        { id: "p2", userId: "u2", workspaceId: "u2", status: "draft", linkedinText: "" },
      ]);
      expect(await db.postTarget.findMany({ select: { id: true, postId: true, channelId: true } })).toEqual([{ id: "t1", postId: "p1", channelId: "ch1" }]);
      expect(rows.slots).toEqual([{ id: "s1", workspaceId: "u1", channelId: "ch2" }]);
      expect(rows.tokens).toEqual([{ id: "k1", workspaceId: "u2", tokenHash: "hash-1" }]);
      expect(rows.webhooks).toEqual([{ id: "w1", workspaceId: "u1", url: "https://hooks.example.com/plume" }]);
      // An event goes to its user's personal workspace, its delivery kept.
      expect(await db.webhookEvent.findMany({ select: { id: true, userId: true, workspaceId: true, deliveries: { select: { id: true } } } })).toEqual([
        { id: "e1", userId: "u1", workspaceId: "u1", deliveries: [{ id: "e1_w1" }] },
      ]);

      // A user made afterwards, by Prisma or by hand, comes with its personal workspace.
      const made = await db.user.create({ data: { email: "four@example.com", passwordHash: "x" } });
      await execute(url, [insertRow("User", { id: "u5", email: "five@example.com", passwordHash: "x", createdAt: at, updatedAt: at })]);
      for (const id of [made.id, "u5"]) {
        expect(await db.workspace.findUnique({ where: { id }, select: { personalOfId: true } })).toEqual({ personalOfId: id });
        expect(await db.workspaceMember.findUnique({ where: { workspaceId_userId: { workspaceId: id, userId: id } }, select: { role: true } })).toEqual({
          role: "owner",
        });
      }
      // Nothing can be filed into a workspace that does not exist.
      await expect(db.channel.create({ data: { userId: "u1", workspaceId: "nowhere", network: "twitter", providerUserId: "x-9" } })).rejects.toThrow();

      // Deleting a user deletes their personal workspace and what it holds; others keep theirs.
      await db.user.delete({ where: { id: "u1" } });
      expect(await db.workspace.findUnique({ where: { id: "u1" } })).toBeNull();
      expect(await db.channel.count({ where: { workspaceId: "u1" } })).toBe(0);
      expect(await db.channel.count({ where: { workspaceId: "u2" } })).toBe(1);
      expect(await db.workspaceMember.count()).toBe(4);
    } finally {
      await db.$disconnect();
    }
  }, 60_000);
});
