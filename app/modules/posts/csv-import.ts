import { parse } from "csv-parse/sync";
import type { RowProblem } from "~/modules/errors/app-error";
import { CSV_COLUMNS, type CsvColumn } from "./csv-cells";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "./import-limits";

// Pure: a posts CSV file read into rows (docs/decisions/0068-csv-import.md). The columns are the
// export's; only `text`, `channels`, `scheduled_at` and `status` are read, the others (what the
// export adds: links, ids, dates) are allowed so that an export reads back, and ignored.

export { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS };

export interface ImportRow {
  /** The row's first line in the file (the header is line 1; a quoted field's line breaks count). */
  line: number;
  cells: Record<CsvColumn, string>;
}

/** The rows that could be read, and the rows that could not (each row is in one list or the other). */
export type ParsedFile =
  { ok: true; rows: ImportRow[]; problems: RowProblem[] } | { ok: false; tooManyRows: true } | { ok: false; tooManyRows: false; problems: RowProblem[] };

const KNOWN = new Set<string>(CSV_COLUMNS);

/** A cell as written before the export's formula neutralising: exactly one leading `'` goes. */
export function unneutraliseCell(value: string): string {
  return value.startsWith("'") ? value.slice(1) : value;
}

/**
 * The first line of each record of a well-formed CSV text (RFC 4180 quoting), skipping empty lines
 * as the parser does. CRLF, LF and a lone CR each end one line, inside quotes too.
 */
export function recordStartLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let quoted = false;
  let recordEmpty = true;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      quoted = !quoted;
    } else if (char === "\r" || char === "\n") {
      if (char === "\r" && text[i + 1] === "\n") i++;
      line++;
      if (quoted) continue;
      if (!recordEmpty) starts.push(recordLine);
      recordEmpty = true;
      recordLine = line;
      continue;
    }
    if (recordEmpty) {
      recordEmpty = false;
      recordLine = line;
    }
  }
  if (!recordEmpty) starts.push(recordLine);
  return starts;
}

/**
 * The data rows of a posts CSV text (its BOM, if any, dropped), each with its line. Refused whole:
 * more than MAX_IMPORT_ROWS rows (the parser stops reading just after), a text that is not CSV, a
 * missing header or `text` column, unknown or repeated columns, a row with more cells than the header.
 */
export function parseImportFile(input: string): ParsedFile {
  const text = input.startsWith("\uFEFF") ? input.slice(1) : input;
  let records: string[][];
  try {
    // Header, the most rows, and one more: enough to know the file is too long without reading it all.
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, to: MAX_IMPORT_ROWS + 2 }) as string[][];
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === "number" ? (error as { lines: number }).lines : 1;
    return { ok: false, tooManyRows: false, problems: [{ line, messageKey: "posts.import.errors.malformed" }] };
  }
  if (records.length > MAX_IMPORT_ROWS + 1) return { ok: false, tooManyRows: true };
  const [header, ...data] = records;
  if (!header) return { ok: false, tooManyRows: false, problems: [{ line: 1, messageKey: "posts.import.errors.noHeader" }] };
  const names = header.map((name) => unneutraliseCell(name.trim()).toLowerCase());
  const unknown = names.filter((name) => !KNOWN.has(name));
  if (unknown.length > 0) {
    const columns = unknown.map((name) => (name === "" ? '""' : name)).join(", ");
    return {
      ok: false,
      tooManyRows: false,
      problems: [{ line: 1, messageKey: "posts.import.errors.unknownColumns", values: { columns } }],
    };
  }
  const repeated = names.filter((name, i) => names.indexOf(name) !== i);
  if (repeated.length > 0) {
    return {
      ok: false,
      tooManyRows: false,
      problems: [{ line: 1, messageKey: "posts.import.errors.repeatedColumns", values: { columns: [...new Set(repeated)].join(", ") } }],
    };
  }
  if (!names.includes("text")) return { ok: false, tooManyRows: false, problems: [{ line: 1, messageKey: "posts.import.errors.noTextColumn" }] };
  const lines = recordStartLines(text);
  const rows: ImportRow[] = [];
  const problems: RowProblem[] = [];
  data.forEach((record, r) => {
    const line = lines[r + 1] ?? r + 2;
    if (record.length > names.length) {
      problems.push({ line, messageKey: "posts.import.errors.tooManyCells", values: { cells: record.length, max: names.length } });
      return;
    }
    const cells = Object.fromEntries(CSV_COLUMNS.map((column) => [column, ""])) as Record<CsvColumn, string>;
    names.forEach((name, c) => {
      cells[name as CsvColumn] = unneutraliseCell(record[c] ?? "");
    });
    rows.push({ line, cells });
  });
  return { ok: true, rows, problems };
}
