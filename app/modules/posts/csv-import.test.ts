import { describe, expect, it } from "vitest";
import { MAX_IMPORT_ROWS, parseImportFile, recordStartLines, unneutraliseCell } from "./csv-import";

describe("recordStartLines", () => {
  it("counts CRLF, LF and CR as one line each, inside quotes too, and skips empty lines", () => {
    expect(recordStartLines('a,b\r\n"x\r\ny",z\r\n\r\nq\n"1\n2\n3"\rlast')).toEqual([1, 2, 5, 6, 9]);
  });

  it("reads doubled quotes as staying inside the field", () => {
    expect(recordStartLines('text\n"a ""quoted""\nline"\nnext')).toEqual([1, 2, 4]);
  });
});

describe("unneutraliseCell", () => {
  it("drops exactly one leading quote", () => {
    expect(unneutraliseCell("'=1+1")).toBe("=1+1");
    expect(unneutraliseCell("''quoted'")).toBe("'quoted'");
    expect(unneutraliseCell("plain")).toBe("plain");
  });
});

describe("parseImportFile", () => {
  const file = (rows: number) => ["text", ...Array.from({ length: rows }, (_, i) => `Post ${i}`)].join("\n");

  it("takes exactly the most rows, and refuses one more", () => {
    const most = parseImportFile(file(MAX_IMPORT_ROWS));
    expect(most.ok && most.rows.length).toBe(MAX_IMPORT_ROWS);
    expect(parseImportFile(file(MAX_IMPORT_ROWS + 1))).toEqual({ ok: false, tooManyRows: true });
  });

  it("reads columns in any order, case and the export's quote aside, and keeps each row's first line", () => {
    const parsed = parseImportFile("\uFEFFScheduled_At,'channels,TEXT\r\ndraft,'@ada,\"two\r\nlines\"\r\n,,next");
    expect(parsed).toEqual({
      ok: true,
      problems: [],
      rows: [
        { line: 2, cells: expect.objectContaining({ text: "two\r\nlines", channels: "@ada", scheduled_at: "draft" }) },
        { line: 4, cells: expect.objectContaining({ text: "next", channels: "", scheduled_at: "" }) },
      ],
    });
  });

  it("names a row with more cells than the header, and an unclosed quote by its line", () => {
    const parsed = parseImportFile("text\nok\na,b\n");
    expect(parsed).toEqual({
      ok: true,
      rows: [expect.objectContaining({ line: 2 })],
      problems: [expect.objectContaining({ line: 3, messageKey: "posts.import.errors.tooManyCells" })],
    });
    expect(parseImportFile('text\nok\n"open')).toEqual({ ok: false, tooManyRows: false, problems: [{ line: 3, messageKey: "posts.import.errors.malformed" }] });
  });
});
