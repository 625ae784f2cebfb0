import { describe, expect, it } from "vitest";
import { routablePath } from "./routable-path";

describe("routablePath", () => {
  it("leaves well-formed paths as they are", () => {
    for (const path of ["/", "/login", "/posts/abc/schedule", "/blog/caf%C3%A9", "/a%20b", "/%2F%2F", "/x.data"]) expect(routablePath(path)).toBe(path);
  });

  it("escapes once more what decodes to a control character or a backslash", () => {
    expect(routablePath("/%09/")).toBe("/%2509/");
    expect(routablePath("/%5c")).toBe("/%255c");
    expect(routablePath("/%5C/%0a%7F")).toBe("/%255C/%250a%257F");
    expect(routablePath("/\\")).toBe("/%255C");
    expect(decodeURIComponent(routablePath("/%09%09/"))).toBe("/%09%09/");
  });

  it("escapes every % of a path that cannot be decoded, so it reads literally", () => {
    expect(routablePath("/a%ZZ")).toBe("/a%25ZZ");
    expect(routablePath("/%FF/%20")).toBe("/%25FF/%2520");
    expect(decodeURIComponent(routablePath("/%c0%ae/"))).toBe("/%c0%ae/");
  });
});
