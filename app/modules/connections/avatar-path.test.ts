import { describe, expect, it } from "vitest";
import { shownAvatar } from "~/components/posts/target-previews";
import { avatarVersion, channelAvatarPath } from "./avatar-path";

describe("channelAvatarPath", () => {
  it("names the app's copy with the stored file's name as version, or null without a copy", () => {
    expect(avatarVersion("user1/0a1b2c3d.webp")).toBe("0a1b2c3d");
    expect(channelAvatarPath({ id: "ch1", avatarKey: "user1/0a1b2c3d.webp" })).toBe("/channels/ch1/avatar?v=0a1b2c3d");
    expect(channelAvatarPath({ id: "ch1", avatarKey: null })).toBeNull();
  });

  it("is what the page shows (an app URL), where the network's URL would show initials", () => {
    const path = channelAvatarPath({ id: "ch1", avatarKey: "u/ff.webp" });
    expect(shownAvatar(path)).toBe(path);
  });
});
