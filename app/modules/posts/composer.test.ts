import { describe, expect, it } from "vitest";
import { applyComposerIntent, composesByChannel, formFieldName, parseComposerIntent, type DraftTarget } from "./composer";

const part = (text: string, imageIds: string[] = []) => ({ text, imageIds });
const x = (...texts: string[]): DraftTarget => ({ channelId: "x1", network: "twitter", parts: texts.map((text) => part(text)) });
const texts = (target: DraftTarget | undefined) => target?.parts.map((p) => p.text);

describe("parseComposerIntent", () => {
  it("reads the buttons' values", () => {
    expect(parseComposerIntent("parts-save")).toEqual({ kind: "save" });
    expect(parseComposerIntent("parts-continue")).toEqual({ kind: "continue" });
    expect(parseComposerIntent("add-part:1")).toEqual({ kind: "add-part", target: 1 });
    expect(parseComposerIntent("move-up:0:3")).toEqual({ kind: "move-up", target: 0, part: 3 });
    expect(parseComposerIntent("split:2:0")).toEqual({ kind: "split", target: 2, part: 0 });
  });

  it("refuses anything else, the version 1 intents included", () => {
    for (const value of ["continue", "copyToTwitter", "add-part", "add-part:a", "move-up:1", "remove-part:1:2:3", "drop:1:1", null, 3]) {
      expect(parseComposerIntent(value)).toBeNull();
    }
  });
});

describe("applyComposerIntent", () => {
  it("adds an empty part to the named target only, up to the network's maximum", () => {
    const [first, second] = applyComposerIntent([x("a"), x("b")], { kind: "add-part", target: 1 });
    expect(texts(first)).toEqual(["a"]);
    expect(texts(second)).toEqual(["b", ""]);
    const linkedin: DraftTarget = { channelId: "li", network: "linkedin", parts: [part("post"), part("comment")] };
    expect(texts(applyComposerIntent([linkedin], { kind: "add-part", target: 0 })[0])).toEqual(["post", "comment"]);
  });

  it("removes a part but never the last one", () => {
    expect(texts(applyComposerIntent([x("a", "b", "c")], { kind: "remove-part", target: 0, part: 1 })[0])).toEqual(["a", "c"]);
    expect(texts(applyComposerIntent([x("a")], { kind: "remove-part", target: 0, part: 0 })[0])).toEqual(["a"]);
  });

  it("moves a part up and down, and not past either end", () => {
    expect(texts(applyComposerIntent([x("a", "b", "c")], { kind: "move-up", target: 0, part: 2 })[0])).toEqual(["a", "c", "b"]);
    expect(texts(applyComposerIntent([x("a", "b", "c")], { kind: "move-down", target: 0, part: 0 })[0])).toEqual(["b", "a", "c"]);
    expect(texts(applyComposerIntent([x("a", "b")], { kind: "move-up", target: 0, part: 0 })[0])).toEqual(["a", "b"]);
    expect(texts(applyComposerIntent([x("a", "b")], { kind: "move-down", target: 0, part: 1 })[0])).toEqual(["a", "b"]);
  });

  it("splits a long part in place, its images staying with the first piece", () => {
    const long = Array.from({ length: 12 }, (_, i) => `Sentence ${i} is about the launch of the product.`).join(" ");
    const target: DraftTarget = { channelId: "x1", network: "twitter", parts: [part("intro"), part(long, ["img1"]), part("outro")] };
    const [split] = applyComposerIntent([target], { kind: "split", target: 0, part: 1 });
    expect(split!.parts.length).toBe(5);
    expect(split!.parts[0]!.text).toBe("intro");
    expect(split!.parts[1]!.imageIds).toEqual(["img1"]);
    expect(split!.parts[2]!.imageIds).toEqual([]);
    expect(split!.parts[4]!.text).toBe("outro");
    expect(
      split!.parts
        .slice(1, 4)
        .map((p) => p.text)
        .join(" "),
    ).toBe(long);
  });

  it("drops the images of a part moved into a LinkedIn first comment", () => {
    const linkedin: DraftTarget = { channelId: "li", network: "linkedin", parts: [part("post with image", ["img1"]), part("comment")] };
    const [moved] = applyComposerIntent([linkedin], { kind: "move-down", target: 0, part: 0 });
    expect(texts(moved)).toEqual(["comment", "post with image"]);
    expect(moved!.parts.map((p) => p.imageIds)).toEqual([[], []]);
  });
});

describe("formFieldName", () => {
  it("turns the service's keys into the form's names", () => {
    expect(formFieldName("targets.0.parts.12.text")).toBe("targets[0].parts[12].text");
    expect(formFieldName("targets.3.channelId")).toBe("targets[3].channelId");
  });
});

describe("composesByChannel", () => {
  it("works by accounts once a network has two, or a channel is of a network without a v1 field (decision 56)", () => {
    expect(composesByChannel([{ network: "linkedin" }, { network: "twitter" }])).toBe(false);
    expect(composesByChannel([{ network: "twitter" }, { network: "twitter" }])).toBe(true);
    expect(composesByChannel([{ network: "linkedin" }, { network: "bluesky" }])).toBe(true);
    expect(composesByChannel([])).toBe(false);
  });
});
