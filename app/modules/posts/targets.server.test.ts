import { describe, expect, it } from "vitest";
import { applyLegacyContent, legacyFields } from "./targets.server";

describe("applyLegacyContent", () => {
  it("gives a target made before its network was connected the channel connected since", () => {
    const current = [{ channelId: null, network: "linkedin" as const, parts: [{ text: "Hello" }] }];
    const channels = [{ id: "li-1", network: "linkedin" as const }];
    const [target] = applyLegacyContent(current, { platforms: ["linkedin"] }, channels);
    expect(target).toMatchObject({ channelId: "li-1", network: "linkedin", parts: [{ text: "Hello" }] });
  });

  it("never gives a channel already used by another target, and leaves a target without one when none is connected", () => {
    const current = [
      { channelId: "x-1", network: "twitter" as const, parts: [{ text: "a" }] },
      { channelId: null, network: "twitter" as const, parts: [{ text: "b" }] },
    ];
    const targets = applyLegacyContent(current, { platforms: ["twitter"] }, [{ id: "x-1", network: "twitter" as const }]);
    expect(targets.map((target) => target.channelId)).toEqual(["x-1", null]);
  });

  it("governs only the version 1 pair: a Bluesky target stays, untouched by the v1 texts (decision 56)", () => {
    const current = [
      { channelId: "x-1", network: "twitter" as const, parts: [{ text: "On X" }] },
      { channelId: "bs-1", network: "bluesky" as const, parts: [{ text: "On Bluesky" }, { text: "Reply" }] },
    ];
    const channels = [
      { id: "x-1", network: "twitter" as const },
      { id: "li-1", network: "linkedin" as const },
      { id: "bs-1", network: "bluesky" as const },
    ];
    const targets = applyLegacyContent(current, { platforms: ["linkedin"], linkedinText: "On LinkedIn", twitterText: "Changed" }, channels);
    expect(targets).toEqual([
      { channelId: "li-1", network: "linkedin", parts: [{ text: "On LinkedIn" }] },
      { channelId: "bs-1", network: "bluesky", parts: [{ text: "On Bluesky" }, { text: "Reply" }] },
    ]);
  });
});

describe("legacyFields", () => {
  it("lists every network targeted in `platforms`, and writes no v1 text from a Bluesky target", () => {
    const fields = legacyFields([
      { channelId: "bs-1", network: "bluesky", parts: [{ text: "On Bluesky" }] },
      { channelId: "x-1", network: "twitter", parts: [{ text: "On X" }] },
    ]);
    expect(fields).toEqual({ platforms: "twitter,bluesky", linkedinText: "", twitterText: "On X" });
  });
});
