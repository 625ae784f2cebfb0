/**
 * The workspace that a user's new channels, posts, queue slots, tokens and webhooks belong to.
 * Until a user can choose another workspace, this is their personal one, which has the user's own
 * id (docs/decisions/0082). Every place that files something new into a workspace asks here, so
 * choosing a workspace later changes this one function's callers, not the writes.
 */
export function personalWorkspaceId(userId: string): string {
  return userId;
}
