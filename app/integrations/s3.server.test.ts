// s3rver checks no signatures, so the refusals a real bucket answers with are built here with the
// SDK's own exception classes and shapes, as its deserializers make them.
import { NoSuchBucket, NoSuchKey, NotFound, S3ServiceException } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { S3Error, toS3Error } from "./s3.server";

const metadata = (httpStatusCode: number) => ({ httpStatusCode, requestId: "req-1", attempts: 1, totalRetryDelay: 0 });

/** What the SDK throws for an S3 error code it has no class for (most of them). */
const serviceError = (name: string, httpStatusCode: number, message: string) =>
  new S3ServiceException({ name, $fault: "client", $metadata: metadata(httpStatusCode), message });

describe("S3 errors, said once", () => {
  it("a refused key or signature is a credentials problem, whatever the operation", () => {
    for (const [name, status] of [
      ["InvalidAccessKeyId", 403],
      ["SignatureDoesNotMatch", 403],
      ["AccessDenied", 403],
      ["ExpiredToken", 400],
    ] as const) {
      const error = toS3Error(serviceError(name, status, "The AWS Access Key Id you provided does not exist in our records."), "put", "u1/a.png");
      expect(error).toBeInstanceOf(S3Error);
      expect(error.problem).toBe("credentials");
      expect(error.details).toEqual({ operation: "put", key: "u1/a.png", code: name, status });
      expect(error.message).toBe(`S3 put u1/a.png: the access key was refused (${name})`);
    }
    // A HEAD answer has no body: only the status tells.
    expect(toS3Error(serviceError("Forbidden", 403, "UnknownError"), "head", "u1/a.png").problem).toBe("credentials");
  });

  it("a missing bucket and a missing object are told apart", () => {
    const bucket = new NoSuchBucket({ $metadata: metadata(404), message: "The specified bucket does not exist" });
    expect(toS3Error(bucket, "get", "u1/a.png")).toMatchObject({ problem: "no_bucket", details: { code: "NoSuchBucket", status: 404 } });
    const key = new NoSuchKey({ $metadata: metadata(404), message: "The specified key does not exist." });
    expect(toS3Error(key, "get", "u1/a.png").problem).toBe("not_found");
    // HEAD answers a bare 404 "NotFound": an object's, or the bucket's for HeadBucket.
    const notFound = new NotFound({ $metadata: metadata(404), message: "NotFound" });
    expect(toS3Error(notFound, "head", "u1/a.png").problem).toBe("not_found");
    expect(toS3Error(notFound, "head-bucket").problem).toBe("no_bucket");
  });

  it("no answer (refused, unknown host, timeout) is unreachable; anything else stays other with its code", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:9"), { code: "ECONNREFUSED", $metadata: { attempts: 3 } });
    expect(toS3Error(refused, "get", "k").problem).toBe("unreachable");
    const timeout = Object.assign(new Error("Connection timed out after 15000 ms"), { name: "TimeoutError" });
    expect(toS3Error(timeout, "put", "k").problem).toBe("unreachable");
    const dns = Object.assign(new Error("getaddrinfo ENOTFOUND s3.example"), { code: "ENOTFOUND" });
    expect(toS3Error(dns, "head-bucket")).toMatchObject({ problem: "unreachable", message: "S3 head-bucket: no answer (ENOTFOUND)" });
    const slowDown = serviceError("SlowDown", 503, "Please reduce your request rate.");
    expect(toS3Error(slowDown, "put", "k")).toMatchObject({ problem: "other", message: "S3 put k failed: SlowDown (Please reduce your request rate.)" });
  });
});
