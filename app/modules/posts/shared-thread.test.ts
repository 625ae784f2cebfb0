import { describe, expect, it } from "vitest";
import { hasDivider, joinAtDividers, partsForNetwork, sharedParts, splitAtDividers } from "./composer";

const part = (text: string, imageIds: string[] = []) => ({ text, imageIds });

describe("splitAtDividers", () => {
  it("cuts a part at each line holding only ---, trimming the pieces", () => {
    expect(splitAtDividers([part("First\n---\nSecond\n  ---  \nThird")])).toEqual([part("First"), part("Second"), part("Third")]);
  });

  it("keeps a --- inside a line, and the images with the first piece", () => {
    expect(hasDivider("a --- b")).toBe(false);
    expect(splitAtDividers([part("a --- b", ["m1"])])).toEqual([part("a --- b", ["m1"])]);
    expect(splitAtDividers([part("one\n---\ntwo", ["m1"])])).toEqual([part("one", ["m1"]), part("two")]);
  });

  it("drops empty pieces and empty later parts, but never the last part", () => {
    expect(splitAtDividers([part("---\n---")])).toEqual([part("")]);
    expect(splitAtDividers([part("a\n---\n\n---\nb"), part("")])).toEqual([part("a"), part("b")]);
    expect(splitAtDividers([part(""), part("", ["m2"])])).toEqual([part(""), part("", ["m2"])]);
  });

  it("reads back what joinAtDividers wrote", () => {
    const parts = [part("Hello\nworld"), part("Second")];
    expect(splitAtDividers([part(joinAtDividers(parts))])).toEqual(parts);
  });
});

describe("sharedParts", () => {
  const thread = [part("Post", ["m1"]), part("Reply", ["m2"])];

  it("is the thread when every network holds it as it takes it (LinkedIn: no image in the first comment)", () => {
    expect(partsForNetwork("linkedin", null, thread)).toEqual([part("Post", ["m1"]), part("Reply")]);
    const targets = [
      { channelId: "a", network: "linkedin" as const, parts: partsForNetwork("linkedin", null, thread) },
      { channelId: "b", network: "twitter" as const, parts: thread },
    ];
    expect(sharedParts(targets)).toEqual(thread);
  });

  it("is null when an account says something of its own", () => {
    const targets = [
      { channelId: "a", network: "twitter" as const, parts: thread },
      { channelId: "b", network: "bluesky" as const, parts: [part("Post", ["m1"])] },
    ];
    expect(sharedParts(targets)).toBeNull();
    expect(sharedParts([])).toBeNull();
  });
});
