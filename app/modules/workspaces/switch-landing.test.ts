import { describe, expect, it } from "vitest";
import { landingAfterSwitch } from "./switch-landing";

describe("landingAfterSwitch", () => {
  it("keeps the section and drops what names the workspace left behind", () => {
    expect(landingAfterSwitch("/posts/post_123?tab=metrics", "ws_2")).toBe("/posts");
    expect(landingAfterSwitch("/posts?view=calendar&channel=ch_1", "ws_2")).toBe("/posts");
    expect(landingAfterSwitch("/webhooks/wh_1/delete", "ws_2")).toBe("/webhooks");
    expect(landingAfterSwitch("/profile/channels/ch_1/pages", "ws_2")).toBe("/profile");
    expect(landingAfterSwitch("/workspaces/ws_1", "ws_2")).toBe("/workspaces");
    expect(landingAfterSwitch("/queue", "ws_2")).toBe("/queue");
  });

  it("stays on the settings of the workspace switched to", () => {
    expect(landingAfterSwitch("/workspaces/ws_2", "ws_2")).toBe("/workspaces/ws_2");
    expect(landingAfterSwitch("/workspaces/ws_2/delete", "ws_2")).toBe("/workspaces");
  });

  it("sends anything else to the posts", () => {
    for (const to of [
      "/create/post_1/content",
      "/admin/users",
      "/",
      "//evil.example/posts",
      "https://evil.example/posts",
      "/%2e%2e//evil.example",
      null,
      undefined,
      "",
    ]) {
      expect(landingAfterSwitch(to, "ws_1")).toBe("/posts");
    }
  });
});
