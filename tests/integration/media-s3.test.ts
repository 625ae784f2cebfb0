// Uploads kept in an S3-compatible bucket (MEDIA_STORAGE=s3, docs/decisions/0059-media-on-s3.md),
// against a real server (s3rver) started here: stored, served to their owner only, resized, read
// by the publisher, copied and deleted through the app's own modules, and clear failures when the
// bucket is gone or does not answer.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { Readable } from "node:stream";
import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getEnv, resetEnvCache } from "~/core/env/env.server";
import { openBucket, s3SettingsFromEnv, type S3Bucket } from "~/integrations/s3.server";
import { getDb } from "~/modules/db/db.server";
import { isAppError } from "~/modules/errors/app-error";
import { copyStoredFile, readStoredFile } from "~/modules/media/storage.server";
import { createPost } from "~/modules/posts/post.server";
import { addImage, removeImage } from "~/modules/posts/post-images.server";
import * as mediaRoute from "~/routes/media.$imageId";
import { makeUser } from "../support/admin";
import { connectedUser, duePost, postState, publishAllDue, startFakes, type Fakes } from "../support/publishing";
import { startS3, type TestS3 } from "../support/s3-server";
import { uniqueEmail } from "./helpers";

const PREFIX = "plume/";
let s3: TestS3;
let fakes: Fakes;
/** The bucket seen without the prefix, to check where objects really are. */
let raw: S3Bucket;

function pointAtS3(overrides: Record<string, string> = {}) {
  Object.assign(process.env, s3.env, { S3_PREFIX: PREFIX }, overrides);
  resetEnvCache();
}

beforeAll(async () => {
  s3 = await startS3();
  fakes = await startFakes();
  pointAtS3();
  raw = openBucket({ ...s3SettingsFromEnv()!, prefix: "" });
});
afterEach(() => pointAtS3());
afterAll(async () => {
  await fakes.close();
  await s3.stop();
  for (const name of [...Object.keys(s3.env), "S3_PREFIX"]) delete process.env[name];
  resetEnvCache();
});

/** A port nothing listens on: the bucket "does not answer". */
async function deadEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

function getMedia(imageId: string, cookie: string, query = "", headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost:3000/media/${imageId}${query}`, { headers: { Cookie: cookie, ...headers } });
  return mediaRoute.loader({ request, params: { imageId }, context: { cspNonce: "", clientIp: "192.0.2.41" } } as unknown as LoaderFunctionArgs);
}

async function ownerWithImage(bytes: Uint8Array) {
  const user = await makeUser(uniqueEmail("s3"));
  const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "On S3" });
  await addImage(user.id, post.id, bytes, "A photo");
  const image = await getDb().media.findFirstOrThrow({ where: { postId: post.id } });
  return { user, post, image };
}

const bytesOf = async (bucket: S3Bucket, key: string) => {
  const object = await bucket.get(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe("uploads in the bucket", () => {
  it("stores an upload under the prefix, not on disk, and serves it to its owner only", async () => {
    const bytes = await photo(300, 200);
    const { user, image } = await ownerWithImage(bytes);
    expect(image.storageKey).toMatch(new RegExp(`^${user.id}/[0-9a-f]{32}\\.png$`));
    expect(await raw.size(PREFIX + image.storageKey)).toBe(bytes.byteLength);
    expect(existsSync(path.join(getEnv().DATA_DIR, "uploads", image.storageKey))).toBe(false);

    const response = await getMedia(image.id, user.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe(String(bytes.byteLength));
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);

    const stranger = await makeUser(uniqueEmail("s3-stranger"));
    expect((await getMedia(image.id, stranger.cookie)).status).toBe(404);
    expect((await getMedia(image.id, "")).status).toBe(404);
  });

  it("resizes from the bucket's bytes (the variant cached on this instance's disk)", async () => {
    const { user, image } = await ownerWithImage(await photo(1000, 500));
    const response = await getMedia(image.id, user.cookie, "?w=300");
    expect(response.status).toBe(200);
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["webp", 320, 160]);
  });

  it("removing an image removes its object", async () => {
    const { user, post, image } = await ownerWithImage(await photo(40, 40));
    expect(await raw.size(PREFIX + image.storageKey)).not.toBeNull();
    await removeImage(user.id, post.id, image.id);
    expect(await raw.size(PREFIX + image.storageKey)).toBeNull();
  });

  it("copies a stored file to a new key of the same bytes", async () => {
    const bytes = await photo(50, 30);
    const { user, image } = await ownerWithImage(bytes);
    const copy = await copyStoredFile(image.storageKey, user.id);
    expect(copy).not.toBe(image.storageKey);
    expect(copy).toMatch(/\.png$/);
    expect((await readStoredFile(copy)).equals(bytes)).toBe(true);
    expect((await readStoredFile(image.storageKey)).equals(bytes)).toBe(true);
  });

  it("stores a stream body byte for byte (no aws-chunked framing saved into the object)", async () => {
    const bytes = randomBytes(1_500_000);
    const chunks = [bytes.subarray(0, 100_000), bytes.subarray(100_000, 1_000_000), bytes.subarray(1_000_000)];
    await raw.put("stream/round-trip.bin", Readable.from(chunks), bytes.byteLength);
    expect(await raw.size("stream/round-trip.bin")).toBe(bytes.byteLength);
    expect((await bytesOf(raw, "stream/round-trip.bin")).equals(bytes)).toBe(true);
  });
});

describe("publishing from the bucket", () => {
  it("sends the stored bytes to the network", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = `From S3 ${Date.now()}`;
    const postId = await duePost(user.id, ["twitter"], text, 1);
    const [media] = await getDb().media.findMany({ where: { postId } });
    await publishAllDue();
    expect((await postState(postId)).status).toBe("published");
    const tweet = fakes.x.state.tweets.find((t) => t.text === text);
    const sent = fakes.x.state.media.get(tweet!.mediaIds[0]!);
    expect(Buffer.from(sent!.bytes).equals(await bytesOf(raw, PREFIX + media!.storageKey))).toBe(true);
  });

  it("an image gone from the bucket fails the delivery with that reason; the post stays", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = `Missing image ${Date.now()}`;
    const postId = await duePost(user.id, ["twitter"], text, 1);
    const [media] = await getDb().media.findMany({ where: { postId } });
    await raw.delete(PREFIX + media!.storageKey);
    await publishAllDue();
    const post = await postState(postId);
    expect(post.status).toBe("failed");
    expect(post.deliveries[0]).toMatchObject({ status: "failed", errorCode: "media_missing" });
    expect(fakes.x.state.tweets.some((t) => t.text === text)).toBe(false);
    expect(await getDb().media.count({ where: { postId } })).toBe(1);
  });

  it("a bucket that does not answer puts the delivery off with that reason; nothing is sent", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = `Storage down ${Date.now()}`;
    const postId = await duePost(user.id, ["twitter"], text, 1);
    pointAtS3({ S3_ENDPOINT: await deadEndpoint() });
    await publishAllDue();
    const post = await postState(postId);
    expect(post.deliveries[0]).toMatchObject({ errorCode: "media_unavailable" });
    expect(post.deliveries[0]!.status).not.toBe("published");
    expect(fakes.x.state.tweets.some((t) => t.text === text)).toBe(false);
  });
});

describe("a bucket that fails", () => {
  it("answers 503 with a sentence in the user's language when the bucket does not answer", async () => {
    const { user, image } = await ownerWithImage(await photo(30, 30));
    pointAtS3({ S3_ENDPOINT: await deadEndpoint() });
    for (const query of ["", "?w=300"]) {
      const response = await getMedia(image.id, user.cookie, query, { "Accept-Language": "fr" });
      expect(response.status).toBe(503);
      expect(response.headers.get("Retry-After")).toBe("30");
      expect(await response.text()).toMatch(/stockage des médias/);
    }
  });

  it("answers 503 when the server refuses the access key (s3rver knows only its own key id)", async () => {
    const { user, image } = await ownerWithImage(await photo(30, 30));
    pointAtS3({ S3_ACCESS_KEY_ID: "AKIAWRONGKEY" });
    const response = await getMedia(image.id, user.cookie);
    expect(response.status).toBe(503);
    expect(await response.text()).toMatch(/media storage/);
    await expect(readStoredFile(image.storageKey)).rejects.toMatchObject({ reason: "unavailable", cause: { problem: "credentials" } });
  });

  it("answers 404 for an image whose object is gone", async () => {
    const { user, image } = await ownerWithImage(await photo(30, 30));
    await raw.delete(PREFIX + image.storageKey);
    expect((await getMedia(image.id, user.cookie)).status).toBe(404);
  });

  it("refuses an upload with media_unavailable and saves nothing when the bucket does not exist", async () => {
    const user = await makeUser(uniqueEmail("s3-nobucket"));
    const post = await createPost(user.id, { platforms: ["linkedin"], linkedinText: "No bucket" });
    pointAtS3({ S3_BUCKET: "no-such-bucket" });
    const error = await addImage(user.id, post.id, await photo(30, 30)).catch((e: unknown) => e);
    expect(isAppError(error) && error.code).toBe("media_unavailable");
    expect(isAppError(error) && error.status).toBe(503);
    expect(await getDb().media.count({ where: { postId: post.id } })).toBe(0);
  });
});
