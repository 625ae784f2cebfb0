import { describe, expect, it } from "vitest";
import { isRecordId, newRecordId } from "./ids";

describe("newRecordId", () => {
  it("makes record ids that sort in the order they were made, within a millisecond and across them", () => {
    const now = Date.UTC(2027, 5, 4, 12);
    const ids = [...Array.from({ length: 50 }, () => newRecordId(now)), newRecordId(now + 1), newRecordId(now + 1000)];
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(ids.every((id) => isRecordId(id) && id.length === 25 && id.startsWith("c"))).toBe(true);
  });
});
