import { createReadStream, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { openApiJson } from "./openapi.server";

// The API reference page (/docs/api, docs/decisions/0077): Scalar's browser build served by us (no
// CDN), and the list of operations the page shows without JavaScript, both from the same sources.

export const REFERENCE_SCRIPT_PATH = "/api-reference.js";

interface ScriptFile {
  file: string;
  version: string;
  size: number;
}

let located: ScriptFile | undefined;

/** Scalar's standalone browser build in node_modules (a production dependency), and its version. */
function scriptFile(): ScriptFile {
  if (located) return located;
  // The package exports its modules only: find its folder through its main module.
  const main = createRequire(import.meta.url).resolve("@scalar/api-reference");
  const root = path.resolve(path.dirname(main), "..");
  const file = path.join(root, "dist/browser/standalone.js");
  const { version } = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
  located = { file, version, size: statSync(file).size };
  return located;
}

/** The script's address, versioned so that a browser may keep it for a year. */
export function referenceScriptUrl(): string {
  return `${REFERENCE_SCRIPT_PATH}?v=${encodeURIComponent(scriptFile().version)}`;
}

/**
 * The script itself, read from disk on each request (4.8 MB: not kept in the server's memory; the
 * web server compresses it). Cached for a year when asked for with the current version, else an hour.
 */
export function referenceScriptResponse(request: Request): Response {
  const { file, version, size } = scriptFile();
  const current = new URL(request.url).searchParams.get("v") === version;
  const headers = {
    "Content-Type": "text/javascript; charset=utf-8",
    "Content-Length": String(size),
    "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    ETag: `"scalar-${version}"`,
  };
  if (request.headers.get("If-None-Match") === headers.ETag)
    return new Response(null, { status: 304, headers: { ETag: headers.ETag, "Cache-Control": headers["Cache-Control"] } });
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(createReadableStreamFromReadable(createReadStream(file)), { headers });
}

export interface ReferenceOperation {
  method: string;
  path: string;
  summary: string;
  operationId: string;
}

export interface ReferenceGroup {
  tag: string;
  operations: ReferenceOperation[];
}

const METHODS = ["get", "put", "post", "patch", "delete", "head", "options", "trace"];

interface OpenApiLike {
  tags?: { name: string }[];
  paths: Record<string, Record<string, { tags?: string[]; summary?: string; operationId?: string }>>;
}

/** Every operation of an OpenAPI document, grouped by its first tag in the document's tag order. */
export function operationsByTag(document: OpenApiLike): ReferenceGroup[] {
  const groups = new Map<string, ReferenceOperation[]>((document.tags ?? []).map(({ name }) => [name, []]));
  for (const [route, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const tag = operation.tags?.[0] ?? "";
      if (!groups.has(tag)) groups.set(tag, []);
      groups
        .get(tag)!
        .push({ method: method.toUpperCase(), path: route, summary: operation.summary ?? "", operationId: operation.operationId ?? `${method}${route}` });
    }
  }
  return [...groups].filter(([, operations]) => operations.length > 0).map(([tag, operations]) => ({ tag, operations }));
}

/** The served OpenAPI document's operations, for the page's server-rendered list. */
export function referenceOperations(): ReferenceGroup[] {
  return operationsByTag(JSON.parse(openApiJson()) as OpenApiLike);
}
