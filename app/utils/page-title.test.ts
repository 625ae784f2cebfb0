import type { UIMatch } from "@remix-run/react";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { titleFromMatches } from "./page-title";

const t = ((key: string) => `<${key}>`) as unknown as TFunction;
const match = (handle: unknown, data: unknown = null) => ({ handle, data }) as UIMatch;

describe("page titles", () => {
  it("uses the deepest route's title with the '%s - site' template", () => {
    expect(titleFromMatches([match(undefined), match({ title: "nav.posts" }), match({})], t, "Plume")).toBe("<nav.posts> - Plume");
    expect(titleFromMatches([match({ title: (tt: TFunction, d: { name: string }) => `${tt("nav.posts")} ${d.name}` }, { name: "n" })], t, "Acme")).toBe(
      "<nav.posts> n - Acme",
    );
  });

  it("falls back to the site name", () => {
    expect(titleFromMatches([match(undefined)], t, "Plume")).toBe("Plume");
  });
});
