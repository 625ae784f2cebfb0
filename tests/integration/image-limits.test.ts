// Images are refused for their pixels as well as their bytes (docs/decisions/0020): a 17 KB PNG of
// 12000 × 12000 pixels through the API and the wizard's upload, and an image stored before the
// check, at scheduling and at publishing (a failed delivery with its reason, nothing sent).
import { readdirSync } from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import { saveFile } from "~/modules/media/storage.server";
import type { FormReply } from "~/modules/forms/reply";
import { createPost, schedulePost } from "~/modules/posts/post.server";
import * as imagesRoute from "~/routes/api.posts.$postId.images";
import * as imagesStep from "~/routes/_dashboard.create.$postId.images";
import { pngBomb, webpBomb } from "../support/image-bombs";
import { connectedUser, pngBytes, postState, publishAllDue, startFakes, type Fakes } from "../support/publishing";

let fakes: Fakes;
beforeAll(async () => {
  fakes = await startFakes();
});
afterAll(async () => {
  await fakes.close();
});

const EN = "Images must be at most 8192 pixels on their longest side and 36 megapixels in all.";
const FR = "Les images doivent mesurer au plus 8192 pixels sur leur plus grand côté et 36 mégapixels au total.";

function imageForm(files: { bytes: Uint8Array; name: string }[]): FormData {
  const form = new FormData();
  for (const file of files) form.append("image", new Blob([new Uint8Array(file.bytes)], { type: "image/png" }), file.name);
  return form;
}

const storedFiles = (userId: string) => {
  try {
    return readdirSync(path.join(getEnv().DATA_DIR, "uploads", userId));
  } catch {
    return [];
  }
};

describe("uploading", () => {
  it("the API refuses a 12000 × 12000 PNG, in the request's language, and stores nothing", async () => {
    const { user } = await connectedUser(fakes);
    const cookie = (await createSession(user.id)).split(";")[0]!;
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Bomb" });
    for (const [language, message] of [
      ["en", EN],
      ["fr", FR],
    ] as const) {
      const request = new Request(`http://localhost:3000/api/posts/${post.id}/images`, {
        method: "POST",
        headers: { Cookie: cookie, "Accept-Language": language },
        body: imageForm([{ bytes: pngBomb(12_000, 12_000), name: "bomb.png" }]),
      });
      const args = { request, params: { postId: post.id }, context: { cspNonce: "", clientIp: "192.0.2.30" } } as unknown as ActionFunctionArgs;
      const response = await imagesRoute.action(args);
      expect(response.status).toBe(422);
      const body = (await response.json()) as { error: { code: string; message: string; fields: Record<string, string> } };
      expect(body.error).toMatchObject({ code: "image_dimensions_too_large", message });
      expect(body.error.fields.image).toBeTruthy();
    }
    expect(await getDb().media.count({ where: { postId: post.id } })).toBe(0);
    expect(storedFiles(user.id)).toEqual([]);
  });

  it("the wizard's upload refuses the bomb by name and keeps the ordinary image sent with it", async () => {
    const { user } = await connectedUser(fakes);
    const post = await createPost(user.id, { platforms: ["linkedin", "twitter"], linkedinText: "Bomb", twitterText: "Bomb" });
    const cookie = (await createSession(user.id)).split(";")[0]!;
    const request = new Request(`http://localhost:3000/create/${post.id}/images`, {
      method: "POST",
      headers: { Cookie: cookie, "Accept-Language": "fr" },
      body: imageForm([
        { bytes: pngBomb(12_000, 12_000), name: "bomb.png" },
        { bytes: await pngBytes(), name: "fine.png" },
        { bytes: await webpBomb(9000, 100), name: "wide.webp" },
      ]),
    });
    const args = { request, params: { postId: post.id }, context: { cspNonce: "", clientIp: "192.0.2.30" } } as unknown as ActionFunctionArgs;
    const answer = (await imagesStep.action(args)) as unknown as { data: FormReply; init: ResponseInit | null };
    // One file was added beside the refused ones: a 200 lets the page reload its list.
    expect(answer.init?.status).toBe(200);
    const errors = answer.data.result.error?.[""] ?? [];
    expect(errors).toHaveLength(2);
    expect(errors[0]).toMatch(/^bomb\.png\s*: /);
    expect(errors[1]).toMatch(/^wide\.webp\s*: /);
    for (const error of errors) expect(error.endsWith(FR)).toBe(true);
    expect((await getDb().media.findMany({ where: { postId: post.id } })).map((m) => [m.width, m.height])).toEqual([[60, 40]]);
    expect(storedFiles(user.id)).toHaveLength(1);
  });
});

/** A post scheduled with no image, then given one straight in the database (as older versions stored them), and made due. */
async function dueWithStoredImage(
  userId: string,
  platforms: ("linkedin" | "twitter")[],
  text: string,
  image: { bytes: Buffer; mimeType: string; width: number; height: number },
) {
  const post = await createPost(userId, { platforms, linkedinText: text, twitterText: text });
  await schedulePost(userId, post.id, new Date(Date.now() + 120_000));
  const storageKey = await saveFile(userId, image.bytes, image.mimeType.split("/")[1]!);
  const { bytes, ...rest } = image;
  await getDb().media.create({ data: { userId, postId: post.id, storageKey, size: bytes.byteLength, altText: "", ...rest } });
  await getDb().delivery.updateMany({ where: { postId: post.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
  return post.id;
}

const sentImages = () => ({ linkedin: fakes.linkedin.state.images.size, x: fakes.x.state.media.size });

describe("an image stored before the check", () => {
  it("cannot be scheduled again", async () => {
    const { user } = await connectedUser(fakes);
    const postId = await dueWithStoredImage(user.id, ["linkedin"], "Legacy", {
      bytes: pngBomb(12_000, 12_000),
      mimeType: "image/png",
      width: 12_000,
      height: 12_000,
    });
    const error = await schedulePost(user.id, postId, new Date(Date.now() + 3_600_000)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "image_dimensions_too_large", status: 422 });
  });

  it("fails its deliveries with the reason, sends nothing, and the publisher carries on", async () => {
    const { user } = await connectedUser(fakes);
    const text = `Legacy bomb ${Date.now()}`;
    const postId = await dueWithStoredImage(user.id, ["linkedin", "twitter"], text, {
      bytes: pngBomb(12_000, 12_000),
      mimeType: "image/png",
      width: 12_000,
      height: 12_000,
    });
    const before = sentImages();
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(post.deliveries.map((d) => [d.platform, d.status, d.errorCode, d.lastError, d.attempts])).toEqual([
      ["linkedin", "failed", "image_too_large", "An image is 12000 × 12000 pixels: LinkedIn takes at most 36,152,320 pixels in all.", 1],
      ["twitter", "failed", "image_too_large", "An image is 12000 × 12000 pixels: X takes at most 8192 pixels a side.", 1],
    ]);
    expect(sentImages()).toEqual(before);
    expect(fakes.linkedin.state.posts.some((p) => p.text === text)).toBe(false);
    expect(fakes.x.countTweets(text)).toBe(0);
    expect(await getDb().notification.count({ where: { postId } })).toBe(1);
  });

  it("a WebP of unknown size is not decoded for LinkedIn beyond its limit; X, which takes it, gets it", async () => {
    const { user } = await connectedUser(fakes);
    const text = `Legacy WebP ${Date.now()}`;
    const webp = await webpBomb(6100, 6000); // 36.6 million pixels: over LinkedIn's limit, within X's
    const postId = await dueWithStoredImage(user.id, ["linkedin", "twitter"], text, { bytes: webp, mimeType: "image/webp", width: 0, height: 0 });
    const before = sentImages();
    await publishAllDue();
    const post = await postState(postId);
    expect(post.deliveries.map((d) => [d.platform, d.status, d.errorCode, d.lastError])).toEqual([
      ["linkedin", "failed", "image_too_large", "An image has too many pixels: LinkedIn takes at most 36,152,320 pixels in all."],
      ["twitter", "published", null, null],
    ]);
    expect(sentImages()).toEqual({ linkedin: before.linkedin, x: before.x + 1 });
    const tweet = fakes.x.state.tweets.find((t) => t.text === text)!;
    expect(fakes.x.state.media.get(tweet.mediaIds[0]!)!.bytes.equals(webp)).toBe(true);
  });
});
