import { describe, expect, it } from "vitest";
import { AppError, rethrowUnlessAppError } from "./app-error";

describe("rethrowUnlessAppError", () => {
  it("lets an AppError through, to be answered", () => {
    const expected = new AppError("not_found", "posts.errors.notFound");
    expect(() => rethrowUnlessAppError(expected)).not.toThrow();
  });

  it("rethrows anything else as it was", () => {
    for (const bug of [new TypeError("boom"), "a string", new Response(null, { status: 302 })]) {
      expect(() => rethrowUnlessAppError(bug)).toThrow();
      try {
        rethrowUnlessAppError(bug);
      } catch (error) {
        expect(error).toBe(bug);
      }
    }
  });
});
