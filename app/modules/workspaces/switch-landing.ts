import { safeRedirect } from "~/modules/http/redirect";

// The sections of the app a switch may land on: their index pages show any workspace. A deeper path
// (a post, a webhook, another workspace's settings) names something of the workspace left behind.
const SECTIONS = new Set(["posts", "queue", "analytics", "webhooks", "profile", "workspaces", "compose"]);

/**
 * Where to go after switching to `workspaceId` from `redirectTo`: the same section's index (or the
 * settings of the workspace switched to, when they were open), else the posts.
 */
export function landingAfterSwitch(redirectTo: FormDataEntryValue | null | undefined, workspaceId: string): string {
  const path = safeRedirect(redirectTo, "/posts").split(/[?#]/)[0] ?? "";
  if (path === `/workspaces/${workspaceId}`) return path;
  const section = path.split("/")[1] ?? "";
  return SECTIONS.has(section) ? `/${section}` : "/posts";
}
