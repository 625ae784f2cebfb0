import { disconnectChannel } from "~/modules/connections/disconnect.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import { deleteStoredImages } from "~/modules/posts/post-images.server";
import { membershipOf } from "~/modules/workspaces/membership.server";
import { getWorkspace, type WorkspaceView } from "~/modules/workspaces/workspaces.server";

// Deleting a workspace reaches into the channels and posts it holds: it lives beside the workspaces
// module, not in it, since those modules depend on the workspaces one.

/**
 * Deletes a shared workspace and everything it holds, for its owner only (403 for another member,
 * 404 for an outsider, 409 for a personal workspace). Refused while one of its posts is being
 * published. Each channel goes as a disconnect takes it (its tokens revoked at the network, its
 * picture removed), then the rows, then the posts' image files.
 */
export async function deleteWorkspace(userId: string, workspaceId: string): Promise<void> {
  await requireDeletable(userId, workspaceId);
  const db = getDb();
  const inFlight = await db.post.count({ where: { workspaceId, OR: [{ status: "publishing" }, { deliveries: { some: { status: "publishing" } } }] } });
  if (inFlight > 0) throw new AppError("post_publishing", "workspaces.errors.publishing");
  const actor = { userId, workspaceId, role: "owner" } as const;
  // Members before their pages: a page's token is its member's, revoked once with it.
  const channels = await db.channel.findMany({ where: { workspaceId }, select: { id: true }, orderBy: [{ kind: "asc" }, { createdAt: "asc" }] });
  for (const channel of channels) await disconnectChannel(actor, channel.id);
  const images = await db.media.findMany({ where: { post: { workspaceId } }, select: { storageKey: true } });
  await db.workspace.delete({ where: { id: workspaceId } });
  await deleteStoredImages(images);
}

/** What deleting a workspace would take with it, for the confirmation page: refused as the deletion would be. */
export async function deletionPreview(userId: string, workspaceId: string): Promise<{ workspace: WorkspaceView; channels: number; posts: number }> {
  await requireDeletable(userId, workspaceId);
  const db = getDb();
  const [workspace, channels, posts] = await Promise.all([
    getWorkspace(userId, workspaceId),
    db.channel.count({ where: { workspaceId } }),
    db.post.count({ where: { workspaceId } }),
  ]);
  return { workspace, channels, posts };
}

/** 404 for an outsider, 409 for a personal workspace, 403 for a member other than the owner. */
async function requireDeletable(userId: string, workspaceId: string): Promise<void> {
  const membership = await membershipOf(userId, workspaceId);
  if (!membership) throw new AppError("not_found", "workspaces.errors.notFound");
  if (membership.personal) throw new AppError("personal_workspace", "workspaces.errors.personal");
  if (membership.role !== "owner") throw new AppError("forbidden", "workspaces.errors.ownerOnly");
}
