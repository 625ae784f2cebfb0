// The shape of one operation of the JSON API in its OpenAPI document (openapi-operations.server.ts).
import type { z } from "zod";
import type { ApiScope } from "~/modules/api-tokens/scopes";
import type { ErrorCode } from "~/modules/errors/codes";
import type { ApiMethod } from "./api.server";
import type { componentSchemas } from "./openapi-schemas";

export type ComponentName = keyof typeof componentSchemas;

export interface ApiOperation {
  tag: "Accounts" | "Connections" | "Channels" | "Posts" | "Queue" | "Webhooks" | "AI drafting" | "Billing" | "Admin" | "Public" | "Reference" | "MCP";
  summary: string;
  description?: string;
  /** Answered without a session. */
  public?: true;
  /** The personal access token scope that opens it; absent (and not public): the session only. */
  scope?: ApiScope;
  /** A personal access token only, whatever its scopes (a session is not enough). */
  tokenOnly?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** Query parameters' descriptions, by name. */
  queryNotes?: Record<string, string>;
  /** A JSON (or form) body. */
  body?: z.ZodType;
  /** A multipart upload: one file (in `image` unless `uploadFile` says otherwise), with these fields. */
  upload?: z.ZodObject;
  /** The upload's file field and what it holds, when not an image. */
  uploadFile?: { field: string; description: string };
  answer: {
    status: 200 | 201 | 204;
    /** What `data` holds: a shared component or a schema of its own. */
    data?: ComponentName | z.ZodType | null;
    /** `data` is a list of them: "paged" adds `meta`, "all" is every result at once. */
    list?: "paged" | "all";
    /** The body as is, without the {data} envelope. */
    raw?: z.ZodType;
    /** A file to download rather than JSON: its media type, and what it holds. */
    file?: { mediaType: string; description: string };
    setsCookie?: true;
  };
  /** The codes particular to this operation; those every such operation can answer are added. */
  errors?: ErrorCode[];
}

export type ApiPaths = Record<string, Partial<Record<ApiMethod, ApiOperation>>>;
