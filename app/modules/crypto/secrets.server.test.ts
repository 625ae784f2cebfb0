import { beforeAll, describe, expect, it } from "vitest";
import { prepareEnvironment, resetEnvCache } from "~/core/env/env.server";
import { seal, sign, unseal, verifySignature } from "./secrets.server";

describe("secrets at rest", () => {
  beforeAll(() => {
    Object.assign(process.env, { APP_SECRET: "a-test-secret-that-is-long-enough-0123456789", DATA_DIR: "/tmp/plume-crypto-test" });
    prepareEnvironment();
    resetEnvCache();
  });

  it("seals with a fresh IV each time and unseals to the same text", () => {
    const a = seal("access-token-123");
    const b = seal("access-token-123");
    expect(a).not.toBe(b);
    expect(a).not.toContain("access-token-123");
    expect(unseal(a)).toBe("access-token-123");
    expect(unseal(b)).toBe("access-token-123");
  });

  it("refuses an altered value and one sealed under another secret", () => {
    const sealed = seal("token");
    const parts = sealed.split(".");
    // Flip a bit of the ciphertext's bytes (changing the last base64url character may only touch padding bits).
    const bytes = Buffer.from(parts[3]!, "base64url");
    bytes[0] = bytes[0]! ^ 1;
    expect(() => unseal([...parts.slice(0, 3), bytes.toString("base64url")].join("."))).toThrow();
    process.env.APP_SECRET = "another-secret-that-is-also-long-enough-987654";
    resetEnvCache();
    expect(() => unseal(sealed)).toThrow();
  });

  it("signs and verifies", () => {
    const signature = sign("state-nonce");
    expect(verifySignature("state-nonce", signature)).toBe(true);
    expect(verifySignature("state-nonc3", signature)).toBe(false);
    expect(verifySignature("state-nonce", "short")).toBe(false);
  });
});
