import { describe, expect, it } from "vitest";
import { archiveName, archivesToPrune, migrationVerdict, safeEntryPath } from "./format";

describe("archive entry paths", () => {
  it("are taken as they are for what a Plume archive holds, folders with or without their slash", () => {
    for (const name of ["manifest.json", "database/plume.db", "secret/app-secret", "uploads/u1/a.png", "uploads/u1/", "database/"]) {
      expect(safeEntryPath(name)).toBe(name.replace(/\/$/, ""));
    }
  });

  it("are refused when absolute, climbing out, oddly written or outside what an archive holds", () => {
    const refused = [
      "/etc/passwd",
      "../evil",
      "uploads/../../evil",
      "uploads/./a.png",
      "uploads//a.png",
      "uploads\\..\\evil",
      "uploads/a\0.png",
      "",
      "notes.txt",
      "database/other.db",
      "secret/other",
      "image-cache/ab/320.webp",
    ];
    for (const name of refused) expect([name, safeEntryPath(name)]).toEqual([name, null]);
  });
});

describe("archive names", () => {
  it("name the UTC second, and sort by time", () => {
    expect(archiveName(new Date("2026-11-27T10:15:30.456Z"))).toBe("plume-20261127T101530Z.tar.gz");
    const names = ["2026-01-02T00:00:00Z", "2025-12-31T23:59:59Z", "2026-01-01T12:00:00Z"].map((d) => archiveName(new Date(d)));
    expect([...names].sort()).toEqual([names[1], names[2], names[0]]);
  });

  it("beyond the newest `keep` are pruned; other files in the folder never are", () => {
    const dated = ["plume-20261101T000000Z.tar.gz", "plume-20261127T000000Z.tar.gz", "plume-20261115T000000Z.tar.gz"];
    const others = ["notes.txt", "plume-manual.tar.gz", "plume-20261101T000000Z.tar.gz.123.ab12cd34.plume-tmp", ".staging-1-ab"];
    expect(archivesToPrune([...others, ...dated], 1)).toEqual(["plume-20261101T000000Z.tar.gz", "plume-20261115T000000Z.tar.gz"]);
    expect(archivesToPrune([...others, ...dated], 3)).toEqual([]);
  });
});

describe("migration levels", () => {
  const known = ["20261101000000_init", "20261120000000_posts", "20261127000000_channels"];
  it("a level this code has is fine, even an older one (later migrations apply at start)", () => {
    expect(migrationVerdict("20261120000000_posts", known)).toBe("known");
  });
  it("a level after this code's latest comes from a newer Plume; one in between that it lacks is unknown", () => {
    expect(migrationVerdict("20261201000000_future", known)).toBe("newer");
    expect(migrationVerdict("20261125000000_elsewhere", known)).toBe("unknown");
  });
});
