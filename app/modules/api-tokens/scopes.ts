/** What a personal access token may do; a token can never manage tokens, webhooks or the account. */
export const API_SCOPES = ["posts:read", "posts:write", "channels:read"] as const;

export type ApiScope = (typeof API_SCOPES)[number];

export function isApiScope(value: string): value is ApiScope {
  return (API_SCOPES as readonly string[]).includes(value);
}

/** The scopes as stored (space-separated), read back leniently: an unknown word is dropped. */
export function parseScopes(stored: string): ApiScope[] {
  return stored.split(/\s+/).filter(isApiScope);
}

export function serializeScopes(scopes: readonly ApiScope[]): string {
  return API_SCOPES.filter((scope) => scopes.includes(scope)).join(" ");
}

/** Tokens look like `plm_` followed by 43 URL-safe characters (256 random bits). */
export const TOKEN_PATTERN = /^plm_[A-Za-z0-9_-]{43}$/;

/** What the list shows of a token: enough to tell tokens apart, far too little to guess one. */
export function tokenPrefix(token: string): string {
  return token.slice(0, 12);
}
