import { z } from "zod";
import { emailSchema } from "~/modules/auth/schemas";

/** The roles a member can be given: every one but the owner's, which never moves here. */
export const MEMBER_ROLES = ["admin", "editor", "writer", "viewer"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

const memberRole = z.enum(MEMBER_ROLES, { error: "workspaces.members.validation.role" });

export const inviteSchema = z.object({
  email: emailSchema,
  role: memberRole,
});

export const changeRoleSchema = z.object({ role: memberRole });
