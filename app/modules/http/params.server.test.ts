import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "~/modules/errors/app-error";
import { getPageParams } from "~/modules/http/route-errors.server";
import { getParams, postImageParams, postParams, providerParams } from "./params.server";

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

describe("getParams", () => {
  it("answers the parsed params", () => {
    expect(getParams({ postId: "clx0abc_12-Z" }, postParams)).toEqual({ postId: "clx0abc_12-Z" });
    expect(getParams({ postId: "p1", imageId: "i1" }, postImageParams)).toEqual({ postId: "p1", imageId: "i1" });
    expect(getParams({ provider: "twitter" }, providerParams)).toEqual({ provider: "twitter" });
  });

  it("throws the standard 404 AppError for ids no record can have, with the param's own message", () => {
    for (const postId of [undefined, "", "a\u0000b", "x".repeat(65), "../etc"]) {
      const error = thrownBy(() => getParams({ postId }, postParams));
      expect(error, JSON.stringify(postId)).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "not_found", status: 404, messageKey: "posts.errors.notFound" });
    }
    expect(thrownBy(() => getParams({ postId: "p1", imageId: "a/b" }, postImageParams))).toMatchObject({ messageKey: "posts.errors.imageNotFound" });
    expect(thrownBy(() => getParams({ provider: "facebook" }, providerParams))).toMatchObject({ status: 404, messageKey: "errors.apiNotFound" });
  });

  it("falls back to the generic not-found message when the schema names none", () => {
    expect(thrownBy(() => getParams({}, z.object({ slug: z.string() })))).toMatchObject({ status: 404, messageKey: "errors.notFound" });
  });
});

describe("getPageParams", () => {
  it("answers the parsed params, and throws the error page's 404 otherwise", () => {
    expect(getPageParams({ postId: "p1" }, postParams)).toEqual({ postId: "p1" });
    const thrown = thrownBy(() => getPageParams({ postId: "../etc" }, postParams));
    expect(thrown).toMatchObject({ init: { status: 404 }, data: { reason: "not_found" } });
  });
});
