import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { ERROR_STATUS, type ErrorCode } from "./codes";

describe("error codes", () => {
  it("give an AppError its one status", () => {
    expect(new AppError("image_too_large", "posts.errors.imageTooLarge").status).toBe(413);
    expect(new AppError("stored_image_too_large", "posts.errors.imageTooLarge").status).toBe(422);
    for (const [code, status] of Object.entries(ERROR_STATUS)) expect(new AppError(code as ErrorCode, "errors.unexpectedMessage").status).toBe(status);
  });

  it("are each named in the API reference", () => {
    const reference = readFileSync("docs/api.md", "utf8");
    const missing = Object.keys(ERROR_STATUS).filter((code) => !reference.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });
});
