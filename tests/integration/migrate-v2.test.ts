// The version 2 migration (channels, targets, parts) moves a database made with the schema before it
// without losing anything: connections, posts in every state, their deliveries and images.
import { describe, expect, it, onTestFinished } from "vitest";
import { createDb } from "~/modules/db/db.server";
import { migrate } from "~/modules/db/migrate.server";
import { emptyDatabase } from "../support/empty-database";
import { execute, insertRow, migrationsBefore } from "../support/older-schema";

const V2 = "channels_targets_parts";

const at = (iso: string) => new Date(iso);

describe("the version 2 migration", () => {
  it("moves connections, posts, deliveries and images of a version 1 database into channels, targets and parts", async () => {
    const url = await emptyDatabase("v1");
    const before = await migrate(url, migrationsBefore(url, V2));
    expect(before.applied.some((name) => name.endsWith(V2))).toBe(false);
    const sqlite = url.startsWith("file:");
    const time = (iso: string) => (sqlite ? at(iso).getTime() : at(iso));
    const t0 = time("2026-11-20T10:00:00Z");
    const t1 = time("2026-11-21T10:00:00Z");
    const insert = insertRow;
    await execute(url, [
      insert("User", { id: "u1", email: "one@example.com", passwordHash: "x", createdAt: t0, updatedAt: t0 }),
      insert("User", { id: "u2", email: "two@example.com", passwordHash: "x", createdAt: t0, updatedAt: t0 }),
      insert("Connection", {
        id: "c-li",
        userId: "u1",
        provider: "linkedin",
        providerUserId: "member-1",
        displayName: "Ada Lovelace",
        handle: "ada@example.com",
        avatarUrl: "https://media.example.com/ada.png",
        status: "active",
        scopes: "openid w_member_social",
        accessTokenEnc: "sealed-li",
        expiresAt: t1,
        connectedAt: t0,
        createdAt: t0,
        updatedAt: t0,
      }),
      insert("Connection", {
        id: "c-x",
        userId: "u1",
        provider: "twitter",
        providerUserId: "x-1",
        displayName: "Ada",
        handle: "ada",
        status: "needs_reconnect",
        accessTokenEnc: "sealed-x",
        refreshTokenEnc: "sealed-x-refresh",
        refreshLeaseUntil: t1,
        lastError: "revoked",
        connectedAt: t0,
        createdAt: t0,
        updatedAt: t0,
      }),
      // A draft on both networks, with two images.
      insert("Post", {
        id: "p-draft",
        userId: "u1",
        status: "draft",
        platforms: "linkedin,twitter",
        linkedinText: "Long LinkedIn text",
        twitterText: "Short X text",
        createdAt: t0,
        updatedAt: t0,
      }),
      insert("Media", {
        id: "m1",
        userId: "u1",
        postId: "p-draft",
        position: 0,
        mimeType: "image/png",
        size: 10,
        storageKey: "k1",
        altText: "first",
        createdAt: t0,
      }),
      insert("Media", { id: "m2", userId: "u1", postId: "p-draft", position: 1, mimeType: "image/png", size: 10, storageKey: "k2", createdAt: t0 }),
      // Published on LinkedIn, failed on X: a post whose outcome must survive.
      insert("Post", {
        id: "p-failed",
        userId: "u1",
        status: "failed",
        platforms: "linkedin,twitter",
        linkedinText: "Out on LinkedIn",
        twitterText: "Refused by X",
        scheduledAt: t0,
        errorCode: "delivery_failed",
        errorMessage: "twitter",
        createdAt: t0,
        updatedAt: t1,
      }),
      insert("Delivery", {
        id: "d-li",
        postId: "p-failed",
        platform: "linkedin",
        status: "published",
        attempts: 1,
        externalId: "urn:li:share:7",
        url: "https://www.linkedin.com/feed/update/urn:li:share:7/",
        sentAt: t0,
        publishedAt: t0,
        createdAt: t0,
        updatedAt: t0,
      }),
      insert("Delivery", {
        id: "d-x",
        postId: "p-failed",
        platform: "twitter",
        status: "failed",
        attempts: 6,
        errorCode: "uncertain",
        lastError: "X did not answer",
        sentAt: t0,
        createdAt: t0,
        updatedAt: t1,
      }),
      // Scheduled, only on X, while the LinkedIn text stays (it was typed, then LinkedIn unticked).
      insert("Post", {
        id: "p-sched",
        userId: "u1",
        status: "scheduled",
        platforms: "twitter",
        linkedinText: "kept",
        twitterText: "Due soon",
        scheduledAt: t1,
        createdAt: t0,
        updatedAt: t0,
      }),
      insert("Delivery", { id: "d-sched", postId: "p-sched", platform: "twitter", status: "pending", nextAttemptAt: t1, createdAt: t0, updatedAt: t0 }),
      // A user with no connection, and a draft that names LinkedIn.
      insert("Post", { id: "p-none", userId: "u2", status: "draft", platforms: "linkedin", linkedinText: "Not connected yet", createdAt: t0, updatedAt: t0 }),
      // A post with no platform chosen yet.
      insert("Post", { id: "p-empty", userId: "u2", status: "draft", platforms: "", createdAt: t0, updatedAt: t0 }),
    ]);

    const after = await migrate(url);
    expect(after.applied.some((name) => name.endsWith(V2))).toBe(true);

    const db = createDb(url);
    onTestFinished(() => db.$disconnect());

    const channels = await db.channel.findMany({ orderBy: { id: "asc" } });
    expect(channels).toEqual([
      expect.objectContaining({
        id: "c-li",
        userId: "u1",
        network: "linkedin",
        kind: "member",
        providerUserId: "member-1",
        displayName: "Ada Lovelace",
        handle: "ada@example.com",
        avatarUrl: "https://media.example.com/ada.png",
        status: "active",
        scopes: "openid w_member_social",
        accessTokenEnc: "sealed-li",
        expiresAt: at("2026-11-21T10:00:00Z"),
        connectedAt: at("2026-11-20T10:00:00Z"),
      }),
      expect.objectContaining({
        id: "c-x",
        network: "twitter",
        kind: "account",
        status: "needs_reconnect",
        accessTokenEnc: "sealed-x",
        refreshTokenEnc: "sealed-x-refresh",
        refreshLeaseUntil: at("2026-11-21T10:00:00Z"),
        lastError: "revoked",
      }),
    ]);

    const targetsOf = (postId: string) =>
      db.postTarget.findMany({ where: { postId }, orderBy: { position: "asc" }, include: { parts: { orderBy: { position: "asc" } }, delivery: true } });

    const draft = await targetsOf("p-draft");
    expect(draft.map((t) => [t.network, t.channelId, t.position, t.parts.map((p) => [p.position, p.text, p.status, p.mediaIds])])).toEqual([
      ["linkedin", "c-li", 1, [[1, "Long LinkedIn text", "pending", ""]]],
      ["twitter", "c-x", 2, [[1, "Short X text", "pending", ""]]],
    ]);
    expect(draft.every((t) => t.delivery === null)).toBe(true);
    // The images stay the post's, with part 1 of every target (named by no part).
    expect(await db.media.findMany({ where: { postId: "p-draft" }, orderBy: { position: "asc" }, select: { id: true, altText: true } })).toEqual([
      { id: "m1", altText: "first" },
      { id: "m2", altText: "" },
    ]);

    const failed = await targetsOf("p-failed");
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatchObject({
      network: "linkedin",
      channelId: "c-li",
      delivery: { id: "d-li", status: "published", attempts: 1, externalId: "urn:li:share:7" },
      parts: [
        {
          position: 1,
          text: "Out on LinkedIn",
          status: "published",
          externalId: "urn:li:share:7",
          url: "https://www.linkedin.com/feed/update/urn:li:share:7/",
          sentAt: at("2026-11-20T10:00:00Z"),
          publishedAt: at("2026-11-20T10:00:00Z"),
        },
      ],
    });
    expect(failed[1]).toMatchObject({
      network: "twitter",
      channelId: "c-x",
      delivery: { id: "d-x", status: "failed", attempts: 6, errorCode: "uncertain", sentAt: at("2026-11-20T10:00:00Z") },
      // Still marked as sent: a retry looks for the tweet before posting again.
      parts: [
        { position: 1, text: "Refused by X", status: "failed", errorCode: "uncertain", lastError: "X did not answer", sentAt: at("2026-11-20T10:00:00Z") },
      ],
    });

    const scheduled = await targetsOf("p-sched");
    expect(scheduled.map((t) => [t.network, t.parts[0]?.text, t.delivery?.id, t.delivery?.status, t.delivery?.nextAttemptAt])).toEqual([
      ["twitter", "Due soon", "d-sched", "pending", at("2026-11-21T10:00:00Z")],
    ]);

    expect((await targetsOf("p-none")).map((t) => [t.network, t.channelId, t.parts[0]?.text])).toEqual([["linkedin", null, "Not connected yet"]]);
    expect(await targetsOf("p-empty")).toEqual([]);

    // Every delivery has its target; the posts themselves are untouched.
    expect(await db.delivery.count()).toBe(3);
    expect(await db.post.findUniqueOrThrow({ where: { id: "p-failed" } })).toMatchObject({
      status: "failed",
      platforms: "linkedin,twitter",
      linkedinText: "Out on LinkedIn",
      twitterText: "Refused by X",
      errorCode: "delivery_failed",
    });
    // Connecting the same account again updates its channel; another account is a second channel.
    await db.channel.create({ data: { userId: "u1", workspaceId: "u1", network: "twitter", providerUserId: "x-2" } });
    await expect(db.channel.create({ data: { userId: "u1", workspaceId: "u1", network: "twitter", providerUserId: "x-1" } })).rejects.toThrow();
  }, 60_000);
});
