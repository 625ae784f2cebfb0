// Images served resized (docs/decisions/0028): the owner's uploads at /media/<id>?w= and the site's
// own images at /img/<path>?w=, called as the server calls the loaders.
import { existsSync, statSync } from "node:fs";
import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/modules/db/db.server";
import type * as sharpModule from "~/modules/media/sharp.server";
import { publicImageUrl } from "~/modules/media/public-images.server";
import { variantFile } from "~/modules/media/resize.server";
import { storedImageSource } from "~/modules/media/storage.server";
import { createPost } from "~/modules/posts/post.server";
import { addImage, removeImage } from "~/modules/posts/post-images.server";
import * as publicImageRoute from "~/routes/img.$";
import * as mediaRoute from "~/routes/media.$imageId";
import { makeUser } from "../support/admin";
import { uniqueEmail } from "./helpers";

// Counts how often sharp opens an image, to tell a cache hit from a new encoding.
const opened = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/modules/media/sharp.server", async (importOriginal) => {
  const original = await importOriginal<typeof sharpModule>();
  return {
    ...original,
    openImage: (...args: Parameters<typeof original.openImage>) => {
      opened.count += 1;
      return original.openImage(...args);
    },
  };
});
beforeEach(() => {
  opened.count = 0;
});

const AVIF_ACCEPT = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";

function loaderArgs(url: string, params: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000${url}`, { headers });
  return { request, params, context: { cspNonce: "", clientIp: "192.0.2.40" } } as unknown as LoaderFunctionArgs;
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .png()
    .toBuffer();

/** A user with one post holding one image of the given bytes. */
async function ownerWithImage(bytes: Uint8Array) {
  const user = await makeUser(uniqueEmail("resize"));
  const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "Resize" });
  await addImage(user.id, post.id, bytes, "A photo");
  const image = await getDb().media.findFirstOrThrow({ where: { postId: post.id } });
  return { user, image };
}

const getMedia = (imageId: string, query: string, cookie: string, headers: Record<string, string> = {}) =>
  mediaRoute.loader(loaderArgs(`/media/${imageId}${query}`, { imageId }, { Cookie: cookie, ...headers }));

async function bodyOf(response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  return { body, metadata: await sharp(body).metadata() };
}

describe("post images at /media/<id>", () => {
  it("answers WebP at the allow-listed width by default, with its headers", async () => {
    const { user, image } = await ownerWithImage(await photo(1000, 500));
    const response = await getMedia(image.id, "?w=300", user.cookie);
    expect(response.status).toBe(200);
    const { body, metadata } = await bodyOf(response);
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 320, 160]);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Content-Length")).toBe(String(body.byteLength));
    expect(response.headers.get("Vary")).toBe("Accept");
    expect(response.headers.get("Cache-Control")).toBe("private, max-age=31536000, immutable");
  });

  it("answers AVIF when the browser accepts it", async () => {
    const { user, image } = await ownerWithImage(await photo(1000, 500));
    const response = await getMedia(image.id, "?w=640", user.cookie, { Accept: AVIF_ACCEPT });
    expect(response.headers.get("Content-Type")).toBe("image/avif");
    const { metadata } = await bodyOf(response);
    expect([metadata.format, metadata.compression, metadata.width]).toEqual(["heif", "av1", 640]);
  });

  it("never makes an image wider than it is", async () => {
    const { user, image } = await ownerWithImage(await photo(700, 350));
    const { metadata } = await bodyOf(await getMedia(image.id, "?w=1900", user.cookie));
    expect([metadata.width, metadata.height]).toEqual([700, 350]);
  });

  it("reads a second request from the disk cache without running sharp", async () => {
    const { user, image } = await ownerWithImage(await photo(900, 600));
    opened.count = 0;
    const first = Buffer.from(await (await getMedia(image.id, "?w=480", user.cookie)).arrayBuffer());
    expect(opened.count).toBeGreaterThan(0);
    const cached = variantFile(storedImageSource(image.storageKey, image.mimeType).identity, 480, "webp");
    const writtenAt = statSync(cached).mtimeMs;
    opened.count = 0;
    const second = Buffer.from(await (await getMedia(image.id, "?w=470", user.cookie)).arrayBuffer());
    expect(opened.count).toBe(0);
    expect(second.equals(first)).toBe(true);
    expect(statSync(cached).mtimeMs).toBe(writtenAt);
  });

  it("encodes once for two requests arriving together", async () => {
    const { user, image } = await ownerWithImage(await photo(900, 600));
    opened.count = 0;
    const [first, second] = await Promise.all([getMedia(image.id, "?w=960", user.cookie), getMedia(image.id, "?w=900", user.cookie)]);
    expect(opened.count).toBe(2); // its metadata, then its pixels: once
    expect(Buffer.from(await first.arrayBuffer()).equals(Buffer.from(await second.arrayBuffer()))).toBe(true);
  });

  it("removes an image's resized copies with the image", async () => {
    const { user, image } = await ownerWithImage(await photo(900, 600));
    await getMedia(image.id, "?w=160", user.cookie);
    const cached = variantFile(storedImageSource(image.storageKey, image.mimeType).identity, 160, "webp");
    expect(existsSync(cached)).toBe(true);
    await removeImage(user.id, image.postId!, image.id);
    expect(existsSync(cached)).toBe(false);
  });

  it("serves the original without w", async () => {
    const bytes = await photo(900, 600);
    const { user, image } = await ownerWithImage(bytes);
    opened.count = 0; // the upload read the image's size
    const response = await getMedia(image.id, "", user.cookie, { Accept: AVIF_ACCEPT });
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    expect(opened.count).toBe(0);
  });

  it("serves a GIF unchanged, even with w", async () => {
    const gif = await sharp({ create: { width: 400, height: 200, channels: 3, background: "#3355aa" } })
      .gif()
      .toBuffer();
    const { user, image } = await ownerWithImage(gif);
    const response = await getMedia(image.id, "?w=160", user.cookie);
    expect(response.headers.get("Content-Type")).toBe("image/gif");
    expect(Buffer.from(await response.arrayBuffer()).equals(gif)).toBe(true);
  });

  it("is 404 for another user's image, with or without w", async () => {
    const { image } = await ownerWithImage(await photo(400, 300));
    const stranger = await makeUser(uniqueEmail("stranger"));
    for (const query of ["", "?w=320", "?w=nope"]) expect((await getMedia(image.id, query, stranger.cookie)).status).toBe(404);
  });

  it("is 400 with a short text for a bad width", async () => {
    const { user, image } = await ownerWithImage(await photo(400, 300));
    for (const query of ["?w=abc", "?w=0", "?w=-5", "?w=12.5", "?w=100000", "?w=99999999999999999999", "?w="]) {
      const response = await getMedia(image.id, query, user.cookie);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toBe("The width w must be a whole number of pixels from 1 to 8192.");
    }
  });
});

describe("site images at /img/<path>", () => {
  const getPublic = (path: string, headers: Record<string, string> = {}) => {
    const splat = decodeURIComponent(path.split("?")[0]!.slice("/img/".length));
    return publicImageRoute.loader(loaderArgs(path, { "*": splat }, headers));
  };

  it("resizes a versioned image and lets browsers keep it a year", async () => {
    const url = publicImageUrl("/images/og-default.png");
    expect(url).toMatch(/^\/img\/og-default\.png\?v=[0-9a-f]{12}$/);
    const response = await getPublic(`${url}&w=320`);
    const { metadata } = await bodyOf(response);
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 320, 168]);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("Vary")).toBe("Accept");
  });

  it("keeps an unversioned URL for an hour only", async () => {
    const response = await getPublic("/img/og-default.png?w=160", { Accept: AVIF_ACCEPT });
    expect(response.headers.get("Content-Type")).toBe("image/avif");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("serves an SVG unchanged", async () => {
    const response = await getPublic("/img/blog/why-posts-fail-to-publish.svg?w=320");
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml");
    expect(await response.text()).toMatch(/<svg/);
  });

  it("is 404 for a path leaving public/images, or naming no image", async () => {
    for (const path of ["/img/../favicon.svg", "/img/..%2F..%2Fpackage.json", "/img/blog/../../enhance.js", "/img/missing.png", "/img/blog"]) {
      expect((await getPublic(path)).status, path).toBe(404);
    }
  });

  it("is 400 for a bad width", async () => {
    expect((await getPublic("/img/og-default.png?w=wide")).status).toBe(400);
  });
});
