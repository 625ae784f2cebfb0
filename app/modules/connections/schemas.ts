import { z } from "zod";

/** GET /api/auth/{provider}/url's query; anything else in `prompt` is ignored, as if absent. */
export const connectQuerySchema = z.object({
  prompt: z.enum(["login"]).optional().catch(undefined),
  returnTo: z.string().optional(),
});

/**
 * POST /api/auth/{provider}/disconnect's body. `userIdProvider`, the account's id at the provider,
 * is optional (one connection per provider); when given it must name the connected account.
 */
export const disconnectBodySchema = z.object({
  userIdProvider: z.string().trim().min(1).max(255).optional(),
});
