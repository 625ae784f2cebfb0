import { MAX_FORM_FIELDS, MAX_JSON_DEPTH, MAX_JSON_VALUES } from "../app/modules/http/body-limits";

// A body's fields are counted here as its bytes arrive, before anything parses it (docs/decisions/
// 0040): a form with one name repeated tens of thousands of times costs the app's form parsing
// seconds of CPU, during which no other request is answered. Counting is one pass over bytes that
// were read anyway, with no parsing and nothing kept.

export interface FieldCount {
  /** What is counted, as the refusal names it. */
  kind: "fields" | "json";
  /** Counts one more chunk; false once the body has gone over its limit. */
  add: (chunk: Buffer) => boolean;
  /** The Content-Type the app is given in place of the request's, when it differs. */
  contentType?: string;
}

const AMPERSAND = 0x26;

/** Url-encoded: one field per "&"-separated pair. */
function urlEncodedCounter(): FieldCount["add"] {
  let separators = 0;
  return (chunk) => {
    for (let at = chunk.indexOf(AMPERSAND); at !== -1; at = chunk.indexOf(AMPERSAND, at + 1)) {
      separators += 1;
      if (separators >= MAX_FORM_FIELDS) return false;
    }
    return true;
  };
}

/** Multipart: one field per part, each opened by "--boundary" (the last one closes the body). */
function multipartCounter(boundary: string): FieldCount["add"] {
  const delimiter = Buffer.from(`--${boundary}`);
  let delimiters = 0;
  // The end of the previous chunk, shorter than a delimiter: one split across chunks is still seen,
  // and none is counted twice.
  let tail = Buffer.alloc(0);
  return (chunk) => {
    const data = tail.byteLength ? Buffer.concat([tail, chunk]) : chunk;
    for (let at = data.indexOf(delimiter); at !== -1; at = data.indexOf(delimiter, at + delimiter.byteLength)) {
      delimiters += 1;
      if (delimiters > MAX_FORM_FIELDS + 1) return false;
    }
    tail = Buffer.from(data.subarray(Math.max(0, data.byteLength - delimiter.byteLength + 1)));
    return true;
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const isOpener = (byte: number) => byte === 0x7b || byte === 0x5b; // { [
const isCloser = (byte: number) => byte === 0x7d || byte === 0x5d; // } ]

/**
 * JSON (and anything else, which the API reads as JSON): values are counted by their containers
 * and commas outside strings, nesting by open brackets. Multi-byte UTF-8 never contains these bytes.
 */
function jsonCounter(): FieldCount["add"] {
  let inString = false;
  let escaped = false;
  let depth = 0;
  let values = 0;
  return (chunk) => {
    for (let index = 0; index < chunk.byteLength; index += 1) {
      const byte = chunk[index]!;
      if (inString) {
        if (escaped) escaped = false;
        else if (byte === BACKSLASH) escaped = true;
        else if (byte === QUOTE) inString = false;
      } else if (byte === QUOTE) {
        inString = true;
      } else if (isOpener(byte)) {
        depth += 1;
        values += 1;
        if (depth > MAX_JSON_DEPTH) return false;
      } else if (isCloser(byte)) {
        depth -= 1;
      } else if (byte === COMMA) {
        values += 1;
      }
      if (values > MAX_JSON_VALUES) return false;
    }
    return true;
  };
}

/**
 * The first "boundary" parameter, as the app's form parsing reads it: a quoted value is read whole
 * (a "; boundary=" inside another parameter's quotes is not one), an unquoted one up to ";".
 */
function boundaryOf(contentType: string): string | null {
  for (const [, name, quoted, bare] of contentType.matchAll(/;\s*([^=;\s]+)=(?:"((?:[^"\\]|\\.)*)"|([^;]*))/g)) {
    if (name!.toLowerCase() === "boundary") return quoted === undefined ? bare!.trim() || null : quoted.replace(/\\(.)/g, "$1");
  }
  return null;
}

/** A multipart boundary's characters (RFC 2046): it can be written unquoted, as the upload parser needs. */
const BOUNDARY = /^[0-9A-Za-z'()+_,\-./:=? ]{0,69}[0-9A-Za-z'()+_,\-./:=?]$/;

/**
 * The counter for a body of this Content-Type, and the Content-Type the app is then given, so that
 * it reads the body exactly as it was counted: a header naming a form type anywhere ("text/plain,
 * application/x-www-form-urlencoded", which the app reads as a form; any capitals) is that form, and
 * a multipart body keeps only the boundary counted, unquoted (Remix's upload parser takes quotes
 * for part of the boundary).
 */
export function fieldCounter(contentType: string | undefined): FieldCount {
  const type = (contentType ?? "").toLowerCase();
  if (type.includes("multipart/form-data")) {
    const boundary = boundaryOf(contentType!);
    // Without a valid boundary there are no parts to count, and the app reads none either.
    if (!boundary || !BOUNDARY.test(boundary)) return { kind: "fields", add: () => true, contentType: "multipart/form-data" };
    return { kind: "fields", add: multipartCounter(boundary), contentType: `multipart/form-data; boundary=${boundary}` };
  }
  if (type.includes("application/x-www-form-urlencoded")) {
    return { kind: "fields", add: urlEncodedCounter(), contentType: "application/x-www-form-urlencoded" };
  }
  return { kind: "json", add: jsonCounter() };
}
