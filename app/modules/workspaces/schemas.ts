import { z } from "zod";

export const MAX_WORKSPACE_NAME = 80;

export const workspaceNameSchema = z
  .string({ error: "workspaces.validation.name" })
  .trim()
  .min(1, { error: "workspaces.validation.name" })
  .max(MAX_WORKSPACE_NAME, { error: "workspaces.validation.nameTooLong" });

export const createWorkspaceSchema = z.object({ name: workspaceNameSchema });
