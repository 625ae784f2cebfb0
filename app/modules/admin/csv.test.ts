import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvResponse, csvRow } from "./csv";

describe("CSV", () => {
  it("defuses cells a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(csvCell(`${start}SUM(A1)`).replace(/^"/, "")).toMatch(/^'/);
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(csvCell("a=b")).toBe("a=b");
    // Numbers of our own (a negative count never happens, but a number is data, not a formula).
    expect(csvCell(-1)).toBe("-1");
  });

  it("quotes commas, quotes and line breaks, and writes CRLF rows", () => {
    expect(csvRow(["a,b", 'say "hi"', "two\nlines", "plain", null, true])).toBe(`"a,b","say ""hi""","two\nlines",plain,,true\r\n`);
    expect(csvCell(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });

  it("streams the header then each batch as an attachment", async () => {
    async function* batches() {
      yield [["1", "x"]];
      yield [["2", "y,z"]];
    }
    const response = csvResponse("t.csv", ["id", "v"], batches());
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="t.csv"');
    // Decoding as text drops the byte-order mark, so the bytes are read as they are.
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(`${CSV_BOM}id,v\r\n1,x\r\n2,"y,z"\r\n`);
  });
});
