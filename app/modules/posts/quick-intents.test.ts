import { describe, expect, it } from "vitest";
import { parseQuickIntent } from "./quick-intents";

describe("parseQuickIntent", () => {
  it("reads each button, and a form sent by Enter as save", () => {
    expect(parseQuickIntent(undefined)).toEqual({ kind: "save" });
    expect(parseQuickIntent("schedule")).toEqual({ kind: "schedule" });
    expect(parseQuickIntent("connect:bluesky")).toEqual({ kind: "connect", network: "bluesky" });
    expect(parseQuickIntent("remove-image:cm123abc")).toEqual({ kind: "remove-image", imageId: "cm123abc" });
  });

  it("refuses what no button sends", () => {
    for (const value of ["delete", "connect:myspace", "remove-image:", "remove-image:../x", "connect"]) expect(parseQuickIntent(value)).toBeNull();
  });
});
