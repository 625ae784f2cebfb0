import { z } from "zod";

/** GET /api/auth/{provider}/url's query; anything else in `prompt` is ignored, as if absent. */
export const connectQuerySchema = z.object({
  prompt: z.enum(["login"]).optional().catch(undefined),
  returnTo: z.string().optional(),
});
