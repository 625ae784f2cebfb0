// The CSV import's bounds, without the parser: pages show them (a client bundle must not pull csv-parse in).
export { MAX_IMPORT_BYTES } from "~/modules/http/body-limits";
/** An import file's most data rows (the header not counted). */
export const MAX_IMPORT_ROWS = 500;
