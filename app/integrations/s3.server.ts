import type { Readable } from "node:stream";
import type * as S3Sdk from "@aws-sdk/client-s3";
import { getEnv } from "~/core/env/env.server";
import { loadOnFirstUse } from "~/core/runtime/load-on-first-use.server";

// One S3-compatible bucket through the AWS SDK v3 (docs/decisions/0059-media-on-s3.md). The SDK is
// loaded on first use: a server keeping its media on disk never pays for it.

const sdk = loadOnFirstUse<typeof S3Sdk>("@aws-sdk/client-s3");

export interface S3Settings {
  /** Absent: AWS's own endpoint for the region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Prepended to every key ("" or ending with "/"). */
  prefix: string;
  timeoutMs: number;
}

/**
 * What went wrong with the bucket, in words the media module acts on:
 * - "not_found": no object under that key;
 * - "credentials": the keys were refused (wrong, revoked, or a wrong secret);
 * - "no_bucket": the bucket does not exist;
 * - "unreachable": no answer (refused connection, DNS, timeout);
 * - "other": anything else the server answered with.
 */
export type S3Problem = "not_found" | "credentials" | "no_bucket" | "unreachable" | "other";

export class S3Error extends Error {
  constructor(
    readonly problem: S3Problem,
    message: string,
    readonly details: { operation: string; key?: string; code?: string; status?: number },
  ) {
    super(message);
    this.name = "S3Error";
  }
}

const CREDENTIAL_CODES = new Set([
  "InvalidAccessKeyId",
  "SignatureDoesNotMatch",
  "AccessDenied",
  "InvalidToken",
  "ExpiredToken",
  "AuthorizationHeaderMalformed",
  "InvalidClientTokenId",
]);
const UNREACHABLE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);
const UNREACHABLE_NAMES = new Set(["TimeoutError", "RequestTimeout", "AbortError"]);

/** Turns whatever the SDK threw into an S3Error (exported for its unit test against the SDK's error shapes). */
export function toS3Error(error: unknown, operation: string, key?: string): S3Error {
  if (error instanceof S3Error) return error;
  const e = (error ?? {}) as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number }; $fault?: string };
  const code = e.name && e.name !== "Error" ? e.name : e.code;
  const status = e.$metadata?.httpStatusCode;
  const where = key ? `${operation} ${key}` : operation;
  const details = { operation, ...(key ? { key } : {}), ...(code ? { code } : {}), ...(status ? { status } : {}) };
  if (code === "NoSuchKey" || (code === "NotFound" && key) || (status === 404 && key && code !== "NoSuchBucket")) {
    return new S3Error("not_found", `S3 ${where}: no such object`, details);
  }
  if (code === "NoSuchBucket" || (code === "NotFound" && !key)) return new S3Error("no_bucket", `S3 ${where}: the bucket does not exist`, details);
  if ((code && CREDENTIAL_CODES.has(code)) || status === 403 || status === 401) {
    return new S3Error("credentials", `S3 ${where}: the access key was refused (${code ?? status})`, details);
  }
  if ((code && (UNREACHABLE_CODES.has(code) || UNREACHABLE_NAMES.has(code))) || (e.code && UNREACHABLE_CODES.has(e.code))) {
    return new S3Error("unreachable", `S3 ${where}: no answer (${code})`, details);
  }
  return new S3Error("other", `S3 ${where} failed: ${code ?? "error"}${e.message ? ` (${e.message})` : ""}`, details);
}

export interface S3Object {
  body: Readable;
  size: number;
}

/** The bucket's operations, keys given without the prefix. */
export class S3Bucket {
  constructor(
    private readonly client: S3Sdk.S3Client,
    readonly settings: S3Settings,
  ) {}

  private key(key: string): string {
    return this.settings.prefix + key;
  }

  private async send<T>(operation: string, key: string | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw toS3Error(error, operation, key);
    }
  }

  /** Stores the bytes (a buffer, or a stream of exactly `length` bytes). */
  async put(key: string, body: Uint8Array | Readable, length: number, contentType?: string): Promise<void> {
    const { PutObjectCommand } = sdk();
    const input = { Bucket: this.settings.bucket, Key: this.key(key), Body: body, ContentLength: length, ...(contentType ? { ContentType: contentType } : {}) };
    await this.send("put", key, () => this.client.send(new PutObjectCommand(input)));
  }

  async get(key: string): Promise<S3Object> {
    const { GetObjectCommand } = sdk();
    return this.send("get", key, async () => {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) }));
      return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
    });
  }

  /** The object's size, or null when there is none under that key. */
  async size(key: string): Promise<number | null> {
    const { HeadObjectCommand } = sdk();
    try {
      const answer = await this.send("head", key, () => this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) })));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (error instanceof S3Error && error.problem === "not_found") return null;
      throw error;
    }
  }

  async copy(from: string, to: string): Promise<void> {
    const { CopyObjectCommand } = sdk();
    const source = `${this.settings.bucket}/${this.key(from).split("/").map(encodeURIComponent).join("/")}`;
    await this.send("copy", from, () => this.client.send(new CopyObjectCommand({ Bucket: this.settings.bucket, Key: this.key(to), CopySource: source })));
  }

  /** Removes an object; one already gone is not an error (S3 answers 204 either way). */
  async delete(key: string): Promise<void> {
    const { DeleteObjectCommand } = sdk();
    await this.send("delete", key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.key(key) })));
  }

  /** Throws an S3Error unless the bucket exists and the keys may use it. */
  async checkReachable(): Promise<void> {
    const { HeadBucketCommand } = sdk();
    await this.send("head-bucket", undefined, () => this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket })));
  }
}

/** A bucket for these settings (tests and the migrate command make their own). */
export function openBucket(settings: S3Settings): S3Bucket {
  const { S3Client } = sdk();
  const client = new S3Client({
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: settings.forcePathStyle,
    // Without these the SDK frames stream bodies as aws-chunked with a trailing checksum, which
    // S3-compatible servers may store as is: the object silently holds the framing (0059).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: { connectionTimeout: settings.timeoutMs, requestTimeout: settings.timeoutMs },
    maxAttempts: 3,
  });
  return new S3Bucket(client, settings);
}

/** The settings from the environment, or null when media are kept on disk (MEDIA_STORAGE=local). */
export function s3SettingsFromEnv(): S3Settings | null {
  const env = getEnv();
  if (env.MEDIA_STORAGE !== "s3") return null;
  return {
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    region: env.S3_REGION!,
    bucket: env.S3_BUCKET!,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: env.S3_PREFIX,
    timeoutMs: env.PROVIDER_TIMEOUT_MS,
  };
}

let cached: { signature: string; bucket: S3Bucket } | undefined;

/** The configured media bucket (made once per configuration). */
export function mediaBucket(): S3Bucket {
  const settings = s3SettingsFromEnv();
  if (!settings) throw new Error("MEDIA_STORAGE is not s3");
  const signature = JSON.stringify(settings);
  if (cached?.signature !== signature) cached = { signature, bucket: openBucket(settings) };
  return cached.bucket;
}
