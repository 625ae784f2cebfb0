import { getEnv } from "~/core/env/env.server";
import { trackEventFor } from "~/modules/analytics/server-events.server";
import { logger } from "~/core/logger/logger.server";
import { hashToken, randomToken } from "~/modules/crypto/tokens.server";
import { getDb } from "~/modules/db/db.server";
import { inTransaction, lockRow } from "~/modules/db/transaction.server";
import { AppError } from "~/modules/errors/app-error";
import { isLocale } from "~/modules/i18n/i18n";
import { getTranslator } from "~/modules/i18n/i18n.server";
import { sendMail } from "~/modules/mail/mail.server";
import { actionMail } from "~/modules/mail/templates.server";
import { membershipOf } from "~/modules/workspaces/membership.server";
import { requireCan, type Actor } from "~/modules/workspaces/owner";
import { isWorkspaceRole, type WorkspaceRole } from "~/modules/workspaces/roles";
import type { MemberRole } from "./schemas";

// Invitations into a shared workspace by e-mail (docs/decisions/0085): the link is mailed once, its
// token kept as a SHA-256 only; it is valid 7 days and for one use; accepting it needs the invited
// address, verified, on the account that accepts.

export const INVITATION_DAYS = 7;
/** Pending invitations one workspace may hold: a bound on the mail one admin can send. */
export const MAX_PENDING_INVITATIONS = 50;

export interface InvitationView {
  id: string;
  email: string;
  role: WorkspaceRole;
  /** ISO 8601, as the two below. */
  expiresAt: string;
  createdAt: string;
}

const view = (row: { id: string; email: string; role: string; expiresAt: Date; createdAt: Date }): InvitationView => ({
  id: row.id,
  email: row.email,
  role: isWorkspaceRole(row.role) ? row.role : "viewer",
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** The workspace's invitations not yet accepted nor expired, newest first (its admins'). */
export async function listInvitations(by: Actor, now = new Date()): Promise<InvitationView[]> {
  const { workspaceId } = requireCan(by, "manage");
  const rows = await getDb().workspaceInvitation.findMany({ where: { workspaceId, expiresAt: { gt: now } }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
  return rows.map(view);
}

/**
 * Invites an address into the workspace with a role, and mails it the link. An admin's right; only
 * the owner invites admins. Never into a personal workspace (409), nor someone already a member
 * (409 already_member). A second invitation to one address replaces the first (its link stops).
 * Counted and written under the workspace's row lock, so parallel invitations never pass the bound.
 */
export async function createInvitation(by: Actor, input: { email: string; role: MemberRole }, now = new Date()): Promise<InvitationView> {
  const actor = requireCan(by, "manage");
  if (input.role === "admin" && actor.role !== "owner") throw new AppError("forbidden", "workspaces.members.errors.ownerMakesAdmins");
  const token = randomToken();
  const row = await inTransaction(async (tx) => {
    await lockRow(tx, "Workspace", actor.workspaceId);
    const workspace = await tx.workspace.findUniqueOrThrow({ where: { id: actor.workspaceId }, select: { personalOfId: true } });
    if (workspace.personalOfId) throw new AppError("personal_workspace", "workspaces.members.errors.personal");
    const already = await tx.workspaceMember.count({ where: { workspaceId: actor.workspaceId, user: { email: input.email } } });
    if (already > 0)
      throw new AppError("already_member", "workspaces.members.errors.alreadyMember", { fields: { email: "workspaces.members.errors.alreadyMember" } });
    await tx.workspaceInvitation.deleteMany({ where: { workspaceId: actor.workspaceId, OR: [{ email: input.email }, { expiresAt: { lte: now } }] } });
    const pending = await tx.workspaceInvitation.count({ where: { workspaceId: actor.workspaceId } });
    if (pending >= MAX_PENDING_INVITATIONS) {
      throw new AppError("invitation_limit_reached", "workspaces.members.errors.invitationLimit", { values: { max: MAX_PENDING_INVITATIONS } });
    }
    return tx.workspaceInvitation.create({
      data: {
        workspaceId: actor.workspaceId,
        email: input.email,
        role: input.role,
        tokenHash: hashToken(token),
        invitedById: actor.userId,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * 24 * 60 * 60 * 1000),
      },
    });
  });
  await mailInvitation(row.id, token);
  trackEventFor(actor.userId, "invitation sent", { workspace_id: actor.workspaceId, role: input.role });
  return view(row);
}

/** The mail, in the inviter's language (the invited may have no account, so no language of their own). */
async function mailInvitation(invitationId: string, token: string): Promise<void> {
  const invitation = await getDb().workspaceInvitation.findUniqueOrThrow({
    where: { id: invitationId },
    select: { email: true, role: true, workspace: { select: { name: true } }, invitedBy: { select: { email: true, locale: true } } },
  });
  const t = await getTranslator(isLocale(invitation.invitedBy.locale) ? invitation.invitedBy.locale : "en");
  const role = t(`workspaces.roles.${isWorkspaceRole(invitation.role) ? invitation.role : "viewer"}`);
  const values = { inviter: invitation.invitedBy.email, workspace: invitation.workspace.name, role, site: getEnv().SITE_NAME };
  await sendMail(
    actionMail(t, invitation.email, {
      subject: t("workspaces.members.mail.subject", values),
      intro: t("workspaces.members.mail.intro", values),
      action: t("workspaces.members.mail.action"),
      url: `${getEnv().APP_URL}/invitations/${token}`,
      outro: t("workspaces.members.mail.outro", { days: INVITATION_DAYS }),
    }),
  );
}

/** Withdraws an invitation: its link stops at once (its admins'). */
export async function revokeInvitation(by: Actor, invitationId: string): Promise<void> {
  const { workspaceId } = requireCan(by, "manage");
  const { count } = await getDb().workspaceInvitation.deleteMany({ where: { id: invitationId, workspaceId } });
  if (count === 0) throw new AppError("not_found", "workspaces.members.errors.invitationNotFound");
}

/** What an invitation link shows before it is accepted: the workspace, who invites, as what. Null once gone. */
export async function invitationByToken(token: string, now = new Date()) {
  if (token.length < 20 || token.length > 100) return null;
  const row = await getDb().workspaceInvitation.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { email: true, role: true, expiresAt: true, workspace: { select: { id: true, name: true } }, invitedBy: { select: { email: true } } },
  });
  if (!row || row.expiresAt <= now) return null;
  return {
    email: row.email,
    role: isWorkspaceRole(row.role) ? row.role : "viewer",
    workspace: row.workspace,
    inviter: row.invitedBy.email,
    expiresAt: row.expiresAt,
  };
}

/**
 * Accepts an invitation for the signed-in user: their address must be the invited one, and
 * verified (403 invitation_email_mismatch otherwise, the invitation kept for the right account).
 * Single use: the invitation is deleted in the same transaction that makes the membership, so two
 * accepts at once make one. Gone, used or expired: 410 invitation_gone.
 */
export async function acceptInvitation(user: { id: string; email: string; emailVerified: boolean }, token: string, now = new Date()) {
  const tokenHash = hashToken(token);
  const workspace = await inTransaction(async (tx) => {
    const row = token.length >= 20 && token.length <= 100 ? await tx.workspaceInvitation.findUnique({ where: { tokenHash } }) : null;
    if (!row || row.expiresAt <= now) throw new AppError("invitation_gone", "workspaces.members.errors.invitationGone");
    if (row.email !== user.email.toLowerCase() || !user.emailVerified) {
      throw new AppError(
        "invitation_email_mismatch",
        user.emailVerified ? "workspaces.members.errors.emailMismatch" : "workspaces.members.errors.verifyFirst",
        {
          values: { email: row.email },
        },
      );
    }
    const { count } = await tx.workspaceInvitation.deleteMany({ where: { id: row.id, tokenHash } });
    if (count === 0) throw new AppError("invitation_gone", "workspaces.members.errors.invitationGone");
    const role = isWorkspaceRole(row.role) && row.role !== "owner" ? row.role : "viewer";
    // Already a member (joined another way since): the invitation is used up, the role stays.
    await tx.workspaceMember.upsert({
      where: { workspaceId_userId: { workspaceId: row.workspaceId, userId: user.id } },
      create: { workspaceId: row.workspaceId, userId: user.id, role },
      update: {},
    });
    return row.workspaceId;
  });
  const membership = await membershipOf(user.id, workspace);
  if (!membership) throw new AppError("invitation_gone", "workspaces.members.errors.invitationGone");
  logger.info({ workspaceId: workspace, userId: user.id }, "Invitation accepted");
  trackEventFor(user.id, "invitation accepted", { workspace_id: workspace, role: membership.role });
  return membership;
}
