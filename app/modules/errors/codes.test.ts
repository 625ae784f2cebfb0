import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AppError } from "./app-error";
import { ERROR_STATUS, type ErrorCode } from "./codes";

describe("error codes", () => {
  it("give an AppError its one status", () => {
    expect(new AppError("image_too_large", "posts.errors.imageTooLarge").status).toBe(413);
    expect(new AppError("stored_image_too_large", "posts.errors.imageTooLarge").status).toBe(422);
  });

  it("have the status that the API reference's table gives them", () => {
    const rows = readFileSync("docs/api.md", "utf8")
      .split("\n")
      .map((line) => /^\| (\d{3}) +\|(.*)\|$/.exec(line))
      .filter((row) => row !== null);
    const documented = rows.flatMap(([, status, text]) => [...text!.matchAll(/`([a-z_]+)`/g)].map(([, code]) => [code!, Number(status)] as const));
    const known = documented.filter(([code]) => code in ERROR_STATUS);
    expect(known.length).toBeGreaterThan(20);
    const wrong = known.filter(([code, status]) => ERROR_STATUS[code as ErrorCode] !== status);
    expect(wrong).toEqual([]);
  });

  it("are each answered somewhere in the app", () => {
    const files = ["app", "server"].flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: "utf8" })
        .filter((name) => /\.tsx?$/.test(name) && !name.includes(".test.") && !name.endsWith("errors/codes.ts"))
        .map((name) => readFileSync(path.join(dir, name), "utf8")),
    );
    const unused = Object.keys(ERROR_STATUS).filter((code) => !files.some((source) => source.includes(`"${code}"`)));
    expect(unused).toEqual([]);
  });

  it("are each named in the API reference", () => {
    const reference = readFileSync("docs/api.md", "utf8");
    const missing = Object.keys(ERROR_STATUS).filter((code) => !reference.includes(`\`${code}\``));
    expect(missing).toEqual([]);
  });
});
