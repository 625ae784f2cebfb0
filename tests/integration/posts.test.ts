// The post module (drafts, scheduling, deliveries, images) against the real test database, exactly
// as the routes use it. Runs on SQLite and, with TEST_POSTGRES_URL, on PostgreSQL.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import type { AppError } from "~/modules/errors/app-error";
import { MAX_IMAGE_BYTES } from "~/modules/media/limits";
import { saveReview, saveWrittenText } from "~/modules/posts/compose.server";
import { addImage, moveImage, removeImage } from "~/modules/posts/post-images.server";
import { countPostsByFilter } from "~/modules/posts/post-lists.server";
import { createPost, deletePost, duplicatePost, getOwnPost, listPosts, publishNow, schedulePost, updatePost } from "~/modules/posts/post.server";
import type { Platform } from "~/core/platforms/platforms";
import { xWeightedLength } from "~/integrations/networks/twitter/text";
import { uniqueEmail } from "./helpers";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

async function createUser() {
  return getDb().user.create({ data: { email: uniqueEmail("posts"), passwordHash: "not-a-real-hash" } });
}

async function connect(userId: string, ...providers: Platform[]) {
  for (const provider of providers) {
    await getDb().channel.create({ data: { userId, workspaceId: userId, network: provider, providerUserId: "x", status: "active" } });
  }
}

/** A user with both platforms connected. */
async function connectedUser() {
  const user = await createUser();
  await connect(user.id, "linkedin", "twitter");
  return user;
}

const inAnHour = () => new Date(Date.now() + HOUR);

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!error) throw new Error("Expected the call to fail");
  return error as AppError;
}

async function expectAppError(promise: Promise<unknown>, code: string, status: number): Promise<AppError> {
  const error = await errorOf(promise);
  expect(error.code).toBe(code);
  expect(error.status).toBe(status);
  return error;
}

const deliveriesOf = (postId: string) => getDb().delivery.findMany({ where: { postId }, orderBy: { platform: "asc" } });
const uploadPath = (storageKey: string) => path.join(getEnv().DATA_DIR, "uploads", storageKey);
const setStatus = (postId: string, status: string) => getDb().post.update({ where: { id: postId }, data: { status } });

const image = (format: "png" | "jpeg" | "gif" | "webp", width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } } })
    .toFormat(format)
    .toBuffer()
    .then((buffer) => new Uint8Array(buffer));

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("creating, listing and counting posts", () => {
  it("creates a draft with its texts and platforms", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["twitter", "linkedin"], linkedinText: "Hello LinkedIn", twitterText: "Hello X" });
    expect(post).toMatchObject({ status: "draft", platforms: "linkedin,twitter", linkedinText: "Hello LinkedIn", twitterText: "Hello X", source: "manual" });
    expect(post.scheduledAt).toBeNull();
    expect(post.media).toEqual([]);
    expect(post.deliveries).toEqual([]);
    expect((await getOwnPost(user.id, post.id)).id).toBe(post.id);
  });

  it("never shows a post to another user", async () => {
    const owner = await createUser();
    const other = await createUser();
    const post = await createPost(owner.id, { platforms: ["linkedin"], linkedinText: "Mine" });
    await expectAppError(getOwnPost(other.id, post.id), "not_found", 404);
    await expectAppError(updatePost(other.id, post.id, { linkedinText: "Theirs" }), "not_found", 404);
    await expectAppError(deletePost(other.id, post.id), "not_found", 404);
    await expectAppError(duplicatePost(other.id, post.id), "not_found", 404);
    expect((await getOwnPost(owner.id, post.id)).linkedinText).toBe("Mine");
  });

  it("counts and filters by status, 'pending' being scheduled and publishing", async () => {
    const user = await createUser();
    const statuses = ["draft", "draft", "scheduled", "publishing", "published", "published", "published", "failed"];
    const ids: Record<string, string[]> = {};
    for (const status of statuses) {
      const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: status });
      await setStatus(post.id, status);
      (ids[status] ??= []).push(post.id);
    }
    await createPost((await createUser()).id, { platforms: ["linkedin"] }); // someone else's: never counted

    expect(await countPostsByFilter(user.id)).toEqual({ all: 8, draft: 2, pending: 2, published: 3, failed: 1 });
    const ofFilter = async (filter: "all" | "draft" | "pending" | "published" | "failed") => {
      const { posts, total } = await listPosts(user.id, filter, 1, 20);
      expect(total).toBe(posts.length);
      return posts.map((p) => p.id).sort();
    };
    expect(await ofFilter("all")).toHaveLength(8);
    expect(await ofFilter("draft")).toEqual([...ids.draft!].sort());
    expect(await ofFilter("pending")).toEqual([...ids.scheduled!, ...ids.publishing!].sort());
    expect(await ofFilter("published")).toEqual([...ids.published!].sort());
    expect(await ofFilter("failed")).toEqual(ids.failed);
    expect(await countPostsByFilter((await createUser()).id)).toEqual({ all: 0, draft: 0, pending: 0, published: 0, failed: 0 });
  });

  it("pages newest first, with the total of the filter", async () => {
    const user = await createUser();
    const base = Date.now() - 10 * HOUR;
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const post = await createPost(user.id, { platforms: ["twitter"], twitterText: `post ${i}` });
      await getDb().post.update({ where: { id: post.id }, data: { createdAt: new Date(base + i * MINUTE) } });
      ids.push(post.id);
    }
    const newestFirst = [...ids].reverse();
    const page1 = await listPosts(user.id, "all", 1, 2);
    const page2 = await listPosts(user.id, "all", 2, 2);
    const page3 = await listPosts(user.id, "all", 3, 2);
    const page4 = await listPosts(user.id, "all", 4, 2);
    expect(page1.posts.map((p) => p.id)).toEqual(newestFirst.slice(0, 2));
    expect(page2.posts.map((p) => p.id)).toEqual(newestFirst.slice(2, 4));
    expect(page3.posts.map((p) => p.id)).toEqual(newestFirst.slice(4));
    expect(page4.posts).toEqual([]);
    for (const page of [page1, page2, page3, page4]) expect(page.total).toBe(5);
  });
});

describe("updatePost", () => {
  it("changes a draft's texts and platforms", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Before" });
    const updated = await updatePost(user.id, post.id, { linkedinText: "After", platforms: ["twitter", "linkedin"] });
    expect(updated).toMatchObject({ linkedinText: "After", twitterText: "", platforms: "linkedin,twitter", status: "draft" });
  });

  it("refuses a published post (409) and one being published (409)", async () => {
    const user = await createUser();
    const published = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Done" });
    await setStatus(published.id, "published");
    const error = await expectAppError(updatePost(user.id, published.id, { linkedinText: "Changed" }), "post_published", 409);
    expect(error.messageKey).toBe("posts.errors.alreadyPublished");

    const publishing = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Going" });
    await setStatus(publishing.id, "publishing");
    await expectAppError(updatePost(user.id, publishing.id, { linkedinText: "Changed" }), "post_publishing", 409);

    expect((await getOwnPost(user.id, published.id)).linkedinText).toBe("Done");
    expect((await getOwnPost(user.id, publishing.id)).linkedinText).toBe("Going");
  });

  it("keeps a scheduled post publishable: an emptied text is refused", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Scheduled" });
    await schedulePost(user.id, post.id, inAnHour());
    await expectAppError(updatePost(user.id, post.id, { linkedinText: "   " }), "text_required", 422);
    expect((await getOwnPost(user.id, post.id)).linkedinText).toBe("Scheduled");
  });
});

describe("schedulePost", () => {
  it("refuses when a chosen platform is not connected (409), naming it", async () => {
    const user = await createUser();
    await connect(user.id, "linkedin");
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Hi", twitterText: "Hi" });
    const error = await expectAppError(schedulePost(user.id, post.id, inAnHour()), "accounts_not_connected", 409);
    expect(error.messageKey).toBe("posts.errors.connectFirst");
    expect(error.options.values).toEqual({ platforms: "twitter" });
    const unchanged = await getOwnPost(user.id, post.id);
    expect(unchanged).toMatchObject({ status: "draft", scheduledAt: null });
    expect(unchanged.deliveries).toEqual([]);
  });

  it("does not count a connection waiting for a reconnection or expired", async () => {
    const user = await createUser();
    await getDb().channel.create({ data: { userId: user.id, workspaceId: user.id, network: "linkedin", providerUserId: "x", status: "needs_reconnect" } });
    await getDb().channel.create({
      data: { userId: user.id, workspaceId: user.id, network: "twitter", providerUserId: "x", status: "active", expiresAt: new Date(Date.now() - MINUTE) },
    });
    const linkedin = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Hi" });
    const twitter = await createPost(user.id, { platforms: ["twitter"], twitterText: "Hi" });
    await expectAppError(schedulePost(user.id, linkedin.id, inAnHour()), "accounts_not_connected", 409);
    await expectAppError(schedulePost(user.id, twitter.id, inAnHour()), "accounts_not_connected", 409);
  });

  it("refuses a time in the past or under a minute ahead (422 on scheduledAt)", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Hi" });
    const past = await expectAppError(schedulePost(user.id, post.id, new Date(Date.now() - MINUTE)), "time_in_past", 422);
    expect(past.options.fields).toEqual({ scheduledAt: "posts.errors.timePast" });
    const soon = await expectAppError(schedulePost(user.id, post.id, new Date(Date.now() + 30_000)), "time_too_soon", 422);
    expect(soon.options.fields).toEqual({ scheduledAt: "posts.errors.timeTooSoon" });
    await expectAppError(schedulePost(user.id, post.id, new Date(Number.NaN)), "time_in_past", 422);
    expect((await getOwnPost(user.id, post.id)).status).toBe("draft");
  });

  it("refuses an empty text for a chosen platform", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Only LinkedIn", twitterText: " \n " });
    const error = await expectAppError(schedulePost(user.id, post.id, inAnHour()), "text_required", 422);
    expect(error.options.fields).toEqual({ twitterText: "posts.errors.textMissingField" });
    expect(error.options.values).toEqual({ platform: "X" });
  });

  it("refuses an X text over 280 weighted characters, counted as X counts", async () => {
    const user = await connectedUser();
    const fits = await createPost(user.id, { platforms: ["twitter"], twitterText: "a".repeat(280) });
    await schedulePost(user.id, fits.id, inAnHour());

    const tooLong = await createPost(user.id, { platforms: ["twitter"], twitterText: "a".repeat(281) });
    const error = await expectAppError(schedulePost(user.id, tooLong.id, inAnHour()), "text_too_long", 422);
    expect(error.options.values).toEqual({ platform: "X", length: 281, max: 280 });
    expect(error.options.fields).toEqual({ twitterText: "posts.errors.textOverLimitField" });

    // 141 CJK characters weigh 282, though they are only 141 characters long.
    const cjk = "漢".repeat(141);
    expect(xWeightedLength(cjk)).toBe(282);
    const weighted = await createPost(user.id, { platforms: ["twitter"], twitterText: cjk });
    await expectAppError(schedulePost(user.id, weighted.id, inAnHour()), "text_too_long", 422);
  });

  it("refuses a LinkedIn text over 3000 characters", async () => {
    const user = await connectedUser();
    const fits = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "b".repeat(3000) });
    await schedulePost(user.id, fits.id, inAnHour());
    const tooLong = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "b".repeat(3001) });
    const error = await expectAppError(schedulePost(user.id, tooLong.id, inAnHour()), "text_too_long", 422);
    expect(error.options.values).toEqual({ platform: "LinkedIn", length: 3001, max: 3000 });
    expect(error.options.fields).toEqual({ linkedinText: "posts.errors.textOverLimitField" });
  });

  it("schedules with one pending delivery per platform, due at the scheduled time", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Hello", twitterText: "Hello" });
    const at = inAnHour();
    const scheduled = await schedulePost(user.id, post.id, at);
    expect(scheduled.status).toBe("scheduled");
    expect(scheduled.scheduledAt?.toISOString()).toBe(at.toISOString());
    const deliveries = await deliveriesOf(post.id);
    expect(deliveries.map((d) => [d.platform, d.status, d.attempts, d.nextAttemptAt?.toISOString()])).toEqual([
      ["linkedin", "pending", 0, at.toISOString()],
      ["twitter", "pending", 0, at.toISOString()],
    ]);
    expect(scheduled.deliveries).toHaveLength(2);
  });

  it("reschedules by moving the deliveries, without creating more", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Hello", twitterText: "Hello" });
    await schedulePost(user.id, post.id, inAnHour());
    const later = new Date(Date.now() + 5 * HOUR);
    const moved = await schedulePost(user.id, post.id, later);
    expect(moved.scheduledAt?.toISOString()).toBe(later.toISOString());
    const deliveries = await deliveriesOf(post.id);
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) expect(delivery.nextAttemptAt?.toISOString()).toBe(later.toISOString());
  });

  it("makes a failed post's deliveries pending again on retry", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["twitter"], twitterText: "Retry me" });
    await schedulePost(user.id, post.id, inAnHour());
    await setStatus(post.id, "failed");
    await getDb().delivery.updateMany({ where: { postId: post.id }, data: { status: "failed", attempts: 3, lastError: "boom", errorCode: "x" } });
    const at = new Date(Date.now() + 2 * HOUR);
    const retried = await schedulePost(user.id, post.id, at);
    expect(retried.status).toBe("scheduled");
    expect(retried.deliveries).toMatchObject([{ platform: "twitter", status: "pending", attempts: 0, lastError: null, errorCode: null }]);
    expect(retried.deliveries[0]!.nextAttemptAt?.toISOString()).toBe(at.toISOString());
  });

  it("syncs the deliveries when a scheduled post's platforms change", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Both", twitterText: "Both" });
    const at = inAnHour();
    await schedulePost(user.id, post.id, at);
    expect((await deliveriesOf(post.id)).map((d) => d.platform)).toEqual(["linkedin"]);

    await updatePost(user.id, post.id, { platforms: ["linkedin", "twitter"] });
    const both = await deliveriesOf(post.id);
    expect(both.map((d) => [d.platform, d.status, d.nextAttemptAt?.toISOString()])).toEqual([
      ["linkedin", "pending", at.toISOString()],
      ["twitter", "pending", at.toISOString()],
    ]);

    await updatePost(user.id, post.id, { platforms: ["twitter"] });
    expect((await deliveriesOf(post.id)).map((d) => d.platform)).toEqual(["twitter"]);
    expect((await getOwnPost(user.id, post.id)).platforms).toBe("twitter");
  });

  it("refuses adding a platform that is not connected to a scheduled post", async () => {
    const user = await createUser();
    await connect(user.id, "linkedin");
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Hi", twitterText: "Hi" });
    await schedulePost(user.id, post.id, inAnHour());
    await expectAppError(updatePost(user.id, post.id, { platforms: ["linkedin", "twitter"] }), "accounts_not_connected", 409);
    expect((await deliveriesOf(post.id)).map((d) => d.platform)).toEqual(["linkedin"]);
  });

  it("keeps a delivery already published when rescheduling or changing platforms (never posts twice)", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Once", twitterText: "Once" });
    const first = inAnHour();
    await schedulePost(user.id, post.id, first);
    const publishedAt = new Date();
    await getDb().delivery.update({
      where: { targetId: await targetOf(post.id, "linkedin") },
      data: { status: "published", attempts: 1, externalId: "urn:li:share:1", publishedAt },
    });
    await getDb().delivery.update({
      where: { targetId: await targetOf(post.id, "twitter") },
      data: { status: "failed", attempts: 3, lastError: "X said no" },
    });
    await setStatus(post.id, "failed");

    const later = new Date(Date.now() + 3 * HOUR);
    await schedulePost(user.id, post.id, later);
    const [linkedin, twitter] = await deliveriesOf(post.id);
    expect(linkedin).toMatchObject({ platform: "linkedin", status: "published", attempts: 1, externalId: "urn:li:share:1" });
    expect(linkedin!.nextAttemptAt?.toISOString()).toBe(first.toISOString());
    expect(twitter).toMatchObject({ platform: "twitter", status: "pending", attempts: 0, lastError: null });
    expect(twitter!.nextAttemptAt?.toISOString()).toBe(later.toISOString());

    // Dropping LinkedIn from the post does not forget it was published there.
    await updatePost(user.id, post.id, { platforms: ["twitter"] });
    expect((await deliveriesOf(post.id)).map((d) => [d.platform, d.status])).toEqual([
      ["linkedin", "published"],
      ["twitter", "pending"],
    ]);
  });

  it("refuses a post that is published or being published", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Hi" });
    await setStatus(post.id, "published");
    await expectAppError(schedulePost(user.id, post.id, inAnHour()), "post_published", 409);
    await setStatus(post.id, "publishing");
    await expectAppError(schedulePost(user.id, post.id, inAnHour()), "post_publishing", 409);
    await expectAppError(publishNow(user.id, post.id), "post_publishing", 409);
  });

  it("publishNow makes the post due at once, with no minimum lead", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Now", twitterText: "Now" });
    const before = Date.now();
    const due = await publishNow(user.id, post.id);
    const after = Date.now();
    expect(due.status).toBe("scheduled");
    const at = due.scheduledAt!.getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(after);
    const deliveries = await deliveriesOf(post.id);
    expect(deliveries).toHaveLength(2);
    for (const delivery of deliveries) {
      expect(delivery.status).toBe("pending");
      expect(delivery.nextAttemptAt?.getTime()).toBe(at);
    }
  });

  it("publishNow still checks the texts and the connections", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["twitter"], twitterText: "Hi" });
    await expectAppError(publishNow(user.id, post.id), "accounts_not_connected", 409);
    await connect(user.id, "twitter");
    const empty = await createPost(user.id, { platforms: ["twitter"] });
    await expectAppError(publishNow(user.id, empty.id), "text_required", 422);
  });
});

describe("images", () => {
  it("adds PNG, JPEG, GIF and WebP images recognised by their bytes, with their size", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Pictures" });
    const formats = [
      ["png", "image/png", 40, 30],
      ["jpeg", "image/jpeg", 64, 48],
      ["gif", "image/gif", 20, 10],
      ["webp", "image/webp", 33, 17],
    ] as const;
    for (const [format, mimeType, width, height] of formats) {
      const bytes = await image(format, width, height);
      const added = await addImage(user.id, post.id, bytes, `A ${format}`);
      expect(added).toMatchObject({ mimeType, width, height, size: bytes.byteLength, altText: `A ${format}`, postId: post.id, userId: user.id });
      expect(added.storageKey.startsWith(`${user.id}/`)).toBe(true);
      expect(added.storageKey.endsWith(`.${format === "jpeg" ? "jpg" : format}`)).toBe(true);
      expect(new Uint8Array(readFileSync(uploadPath(added.storageKey)))).toEqual(bytes);
    }
    const { media } = await getOwnPost(user.id, post.id);
    expect(media.map((m) => [m.mimeType, m.position])).toEqual([
      ["image/png", 0],
      ["image/jpeg", 1],
      ["image/gif", 2],
      ["image/webp", 3],
    ]);
  });

  it("refuses a text file named .png, a file over 5 MB and a fifth image", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Pictures" });
    const text = new TextEncoder().encode("I am a text file called photo.png");
    const notImage = await expectAppError(addImage(user.id, post.id, text), "unsupported_image", 422);
    expect(notImage.options.fields).toEqual({ image: "posts.errors.notAnImageField" });

    const huge = new Uint8Array(MAX_IMAGE_BYTES + 1);
    huge.set(PNG_MAGIC);
    const tooLarge = await expectAppError(addImage(user.id, post.id, huge), "image_too_large", 413);
    expect(tooLarge.options.fields).toEqual({ image: "posts.errors.imageTooLargeField" });

    for (let i = 0; i < 4; i++) await addImage(user.id, post.id, await image("png"));
    const fifth = await expectAppError(addImage(user.id, post.id, await image("png")), "too_many_images", 422);
    expect(fifth.options.values).toEqual({ count: 4 });
    expect(await getDb().media.count({ where: { postId: post.id } })).toBe(4);
  });

  it("accepts an image of exactly 5 MB", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin"] });
    const exact = new Uint8Array(MAX_IMAGE_BYTES);
    exact.set(PNG_MAGIC);
    const added = await addImage(user.id, post.id, exact);
    expect(added.size).toBe(MAX_IMAGE_BYTES);
  });

  it("keeps a corrupt file with a correct signature, with width and height 0", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin"] });
    const corrupt = new Uint8Array([...PNG_MAGIC, ...new TextEncoder().encode("definitely not the rest of a PNG")]);
    const added = await addImage(user.id, post.id, corrupt);
    expect(added).toMatchObject({ mimeType: "image/png", width: 0, height: 0, size: corrupt.byteLength });
  });

  it("refuses images on someone else's post or on a published post", async () => {
    const owner = await createUser();
    const other = await createUser();
    const post = await createPost(owner.id, { platforms: ["linkedin"] });
    await expectAppError(addImage(other.id, post.id, await image("png")), "not_found", 404);
    const mine = await addImage(owner.id, post.id, await image("png"));
    await expectAppError(removeImage(other.id, post.id, mine.id), "not_found", 404);
    await expectAppError(moveImage(other.id, post.id, mine.id, "down"), "not_found", 404);
    await setStatus(post.id, "published");
    await expectAppError(addImage(owner.id, post.id, await image("png")), "post_published", 409);
    await expectAppError(removeImage(owner.id, post.id, mine.id), "post_published", 409);
    expect(existsSync(uploadPath(mine.storageKey))).toBe(true);
  });

  it("moves and removes images keeping positions compact", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin"] });
    const [a, b, c, d] = [
      await addImage(user.id, post.id, await image("png"), "a"),
      await addImage(user.id, post.id, await image("jpeg"), "b"),
      await addImage(user.id, post.id, await image("gif"), "c"),
      await addImage(user.id, post.id, await image("webp"), "d"),
    ];
    const order = async () => (await getOwnPost(user.id, post.id)).media.map((m) => [m.altText, m.position]);

    await moveImage(user.id, post.id, c!.id, "up");
    expect(await order()).toEqual([
      ["a", 0],
      ["c", 1],
      ["b", 2],
      ["d", 3],
    ]);
    await moveImage(user.id, post.id, a!.id, "up"); // already first: nothing moves
    await moveImage(user.id, post.id, d!.id, "down"); // already last
    expect(await order()).toEqual([
      ["a", 0],
      ["c", 1],
      ["b", 2],
      ["d", 3],
    ]);
    await moveImage(user.id, post.id, a!.id, "down");
    expect(await order()).toEqual([
      ["c", 0],
      ["a", 1],
      ["b", 2],
      ["d", 3],
    ]);

    await removeImage(user.id, post.id, a!.id);
    expect(await order()).toEqual([
      ["c", 0],
      ["b", 1],
      ["d", 2],
    ]);
    expect(existsSync(uploadPath(a!.storageKey))).toBe(false);
    await removeImage(user.id, post.id, c!.id);
    expect(await order()).toEqual([
      ["b", 0],
      ["d", 1],
    ]);
    await expectAppError(removeImage(user.id, post.id, c!.id), "not_found", 404);

    // A freed place can be taken again, after the others.
    await addImage(user.id, post.id, await image("png"), "e");
    expect(await order()).toEqual([
      ["b", 0],
      ["d", 1],
      ["e", 2],
    ]);
    expect(b).toBeDefined();
  });
});

describe("duplicatePost and deletePost", () => {
  it("duplicates texts, platforms and images, copying the files", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Original LI", twitterText: "Original X", source: "ai" });
    const png = await image("png", 12, 8);
    const jpeg = await image("jpeg", 16, 9);
    await addImage(user.id, post.id, png, "first");
    await addImage(user.id, post.id, jpeg, "second");
    await schedulePost(user.id, post.id, inAnHour());
    const original = await getOwnPost(user.id, post.id);

    const copy = await duplicatePost(user.id, post.id);
    expect(copy.id).not.toBe(post.id);
    expect(copy).toMatchObject({
      status: "draft",
      scheduledAt: null,
      linkedinText: "Original LI",
      twitterText: "Original X",
      platforms: "linkedin,twitter",
      source: "ai",
      composeStep: "review",
    });
    expect(copy.deliveries).toEqual([]);
    expect(copy.media.map((m) => [m.altText, m.position, m.mimeType, m.width, m.height, m.size])).toEqual(
      original.media.map((m) => [m.altText, m.position, m.mimeType, m.width, m.height, m.size]),
    );
    for (const [i, media] of copy.media.entries()) {
      const source = original.media[i]!;
      expect(media.storageKey).not.toBe(source.storageKey);
      expect(readFileSync(uploadPath(media.storageKey))).toEqual(readFileSync(uploadPath(source.storageKey)));
    }

    // The copy's files are its own: deleting the original leaves them.
    await deletePost(user.id, post.id);
    for (const media of copy.media) expect(existsSync(uploadPath(media.storageKey))).toBe(true);
  });

  it("deletes the post, its deliveries, its images and their files", async () => {
    const user = await connectedUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Bye", twitterText: "Bye" });
    const images = [await addImage(user.id, post.id, await image("png")), await addImage(user.id, post.id, await image("webp"))];
    await schedulePost(user.id, post.id, inAnHour());
    for (const m of images) expect(existsSync(uploadPath(m.storageKey))).toBe(true);

    await deletePost(user.id, post.id);
    expect(await getDb().post.findUnique({ where: { id: post.id } })).toBeNull();
    expect(await getDb().delivery.count({ where: { postId: post.id } })).toBe(0);
    expect(await getDb().media.count({ where: { id: { in: images.map((m) => m.id) } } })).toBe(0);
    for (const m of images) expect(existsSync(uploadPath(m.storageKey))).toBe(false);
    await expectAppError(getOwnPost(user.id, post.id), "not_found", 404);
  });

  it("refuses to delete a post while it is being published, and deletes a published one", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Busy" });
    await setStatus(post.id, "publishing");
    await expectAppError(deletePost(user.id, post.id), "post_publishing", 409);
    expect(await getDb().post.findUnique({ where: { id: post.id } })).not.toBeNull();
    await setStatus(post.id, "published");
    await deletePost(user.id, post.id);
    expect(await getDb().post.findUnique({ where: { id: post.id } })).toBeNull();
  });
});

describe("the wizard's review step (saveReview)", () => {
  it("saves the texts even when they cannot move on, and says why per field", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "", twitterText: "", composeStep: "review" });
    const { next, problems } = await saveReview(user.id, post.id, { linkedinText: "Hello", twitterText: "x".repeat(281) }, "continue");
    expect(next).toBe("review");
    expect(problems).toEqual({ twitterText: "posts.errors.textOverLimitField" });
    expect(await getOwnPost(user.id, post.id)).toMatchObject({ linkedinText: "Hello", twitterText: "x".repeat(281), composeStep: "review" });
  });

  it("copies one text over the other and stays; continuing with both fine goes on to the images", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], composeStep: "review" });
    const copied = await saveReview(user.id, post.id, { linkedinText: "Same words", twitterText: "" }, "copyToTwitter");
    expect(copied).toEqual({ next: "review", problems: {} });
    expect(await getOwnPost(user.id, post.id)).toMatchObject({ twitterText: "Same words" });
    expect(await saveReview(user.id, post.id, { linkedinText: "Same words", twitterText: "Same words" }, "continue")).toEqual({ next: "images", problems: {} });
    expect((await getOwnPost(user.id, post.id)).composeStep).toBe("images");
  });

  it("a text written by hand goes to every chosen platform, and only to them", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["twitter"], linkedinText: "kept", composeStep: "content" });
    await saveWrittenText(user.id, post.id, "Written once");
    expect(await getOwnPost(user.id, post.id)).toMatchObject({ linkedinText: "kept", twitterText: "Written once", composeStep: "review" });
  });

  it("keeps only the chosen platforms' texts", async () => {
    const user = await createUser();
    const post = await createPost(user.id, { platforms: ["linkedin"], twitterText: "kept" });
    await saveReview(user.id, post.id, { linkedinText: "In", twitterText: "ignored" }, "continue");
    expect(await getOwnPost(user.id, post.id)).toMatchObject({ linkedinText: "In", twitterText: "kept" });
  });
});

async function targetOf(postId: string, network: Platform): Promise<string> {
  return (await getDb().postTarget.findFirstOrThrow({ where: { postId, network }, select: { id: true } })).id;
}
