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

/** The app's rename form: the name alone (approval gets its own control when it is enforced). */
export const renameWorkspaceSchema = z.object({ name: workspaceNameSchema });

/** The switcher's form: which workspace, and the page it was on. */
export const switchWorkspaceSchema = z.object({
  workspaceId: z.string({ error: "workspaces.errors.notFound" }).min(1).max(64, { error: "workspaces.errors.notFound" }),
  redirectTo: z.string().max(2048).optional(),
});

/** Deleting a workspace asks for its name, typed again. */
export const deleteWorkspaceFormSchema = z.object({
  confirmName: z.string({ error: "workspaces.delete.typeName" }).max(200, { error: "workspaces.delete.mismatch" }),
});
