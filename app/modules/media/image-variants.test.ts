import { describe, expect, it } from "vitest";
import { isUnresizable, responsiveSources, variantUrl, variantWidth } from "./image-variants";

describe("variantWidth", () => {
  it("rounds up to the allow-list and caps at its largest width", () => {
    expect(variantWidth(1)).toBe(160);
    expect(variantWidth(160)).toBe(160);
    expect(variantWidth(161)).toBe(320);
    expect(variantWidth(700)).toBe(960);
    expect(variantWidth(5000)).toBe(1920);
  });
});

describe("variantUrl", () => {
  it("adds w to a bare URL and to one that already has a version", () => {
    expect(variantUrl("/media/abc", 320)).toBe("/media/abc?w=320");
    expect(variantUrl("/img/blog/a.png?v=1f2e", 640)).toBe("/img/blog/a.png?v=1f2e&w=640");
  });
});

describe("responsiveSources", () => {
  it("offers 1x and 2x widths from the allow-list", () => {
    expect(responsiveSources("/media/abc", 300)).toEqual({ src: "/media/abc?w=320", srcSet: "/media/abc?w=320 1x, /media/abc?w=640 2x" });
    expect(responsiveSources("/media/abc", 96)).toEqual({ src: "/media/abc?w=160", srcSet: "/media/abc?w=160 1x, /media/abc?w=320 2x" });
  });

  it("keeps one candidate when 2x is capped to the same width", () => {
    expect(responsiveSources("/media/abc", 1920)).toEqual({ src: "/media/abc?w=1920", srcSet: "/media/abc?w=1920 1x" });
  });

  it("uses width descriptors up to twice the display width when given sizes", () => {
    expect(responsiveSources("/media/abc", 400, "100vw")).toEqual({
      src: "/media/abc?w=480",
      srcSet: "/media/abc?w=160 160w, /media/abc?w=320 320w, /media/abc?w=480 480w, /media/abc?w=640 640w, /media/abc?w=960 960w",
    });
  });

  it("leaves SVGs and GIFs alone", () => {
    expect(isUnresizable("/img/blog/cover.svg?v=12")).toBe(true);
    expect(isUnresizable("/img/anim.GIF")).toBe(true);
    expect(responsiveSources("/img/blog/cover.svg?v=12", 640)).toEqual({ src: "/img/blog/cover.svg?v=12" });
  });
});
