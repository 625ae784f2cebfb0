import { z } from "zod";

export const MAX_WORKSPACE_NAME = 80;

export const workspaceNameSchema = z
  .string({ error: "workspaces.validation.name" })
  .trim()
  .min(1, { error: "workspaces.validation.name" })
  .max(MAX_WORKSPACE_NAME, { error: "workspaces.validation.nameTooLong" });

export const createWorkspaceSchema = z.object({ name: workspaceNameSchema });

/** PATCH /api/workspaces/{id}: what an admin may change; at least one of them. */
export const updateWorkspaceSchema = z
  .object({
    name: workspaceNameSchema.optional(),
    approvalRequired: z.boolean({ error: "workspaces.validation.approvalRequired" }).optional(),
  })
  .refine((changes) => changes.name !== undefined || changes.approvalRequired !== undefined, { error: "workspaces.validation.nothingToChange" });
