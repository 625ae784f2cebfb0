import { ACCOUNT_PATHS } from "./openapi-paths/accounts.server";
import { AUTOMATION_PATHS } from "./openapi-paths/automation.server";
import { CHANNEL_PATHS } from "./openapi-paths/channels.server";
import { POST_PATHS } from "./openapi-paths/posts.server";
import type { ApiPaths } from "./openapi-operation";

export type { ApiOperation, ApiPaths, ComponentName } from "./openapi-operation";

// Every operation of the JSON API, for its OpenAPI document, with the very schemas the routes parse,
// one file a part of the API under openapi-paths/. openapi.server.test.ts holds this table to the
// route files (app/routes/api.*.ts) and their methods.
export const API_PATHS: ApiPaths = { ...ACCOUNT_PATHS, ...CHANNEL_PATHS, ...POST_PATHS, ...AUTOMATION_PATHS };
