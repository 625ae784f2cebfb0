import { z } from "zod";

/** The import page's confirmation: the token of the file uploaded for the preview. */
export const importConfirmSchema = z.object({ upload: z.string().min(1).max(100) });
