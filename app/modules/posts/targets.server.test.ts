import { describe, expect, it } from "vitest";
import { applyLegacyContent } from "./targets.server";

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
});
