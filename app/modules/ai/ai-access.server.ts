import { getEnv } from "~/core/env/env.server";
import { AppError } from "~/modules/errors/app-error";
import { enforce } from "~/modules/rate-limit/rate-limit.server";
import { hasPaidFeatures } from "~/modules/subscriptions/access.server";
import { isAiConfigured } from "./ai.server";

// Who may call the model: it costs money per request, so only paid plans (and trials) when billing
// is on, and at most AI_REQUESTS_PER_HOUR requests per user.

export type AiAvailability = "available" | "unconfigured" | "paid_plan_required";

const HOUR_MS = 60 * 60 * 1000;

/** What the UI shows (the assistant, an upgrade hint, or nothing); counts no request. */
export async function aiAvailability(userId: string): Promise<AiAvailability> {
  if (!isAiConfigured()) return "unconfigured";
  return (await hasPaidFeatures(userId)) ? "available" : "paid_plan_required";
}

/** Throws why the assistant is not available to this user (no request is counted). */
export async function assertAiAvailable(userId: string): Promise<void> {
  const availability = await aiAvailability(userId);
  if (availability === "unconfigured") throw new AppError("ai_unavailable", "ai.errors.unavailable");
  if (availability === "paid_plan_required") {
    throw new AppError("ai_paid_plan_required", "ai.errors.paidPlanRequired");
  }
}

/** Call before each model request: throws the reason it may not run, and counts it when it may. */
export async function assertCanUseAi(userId: string): Promise<void> {
  await assertAiAvailable(userId);
  await enforce(`ai:user:${userId}`, { limit: getEnv().AI_REQUESTS_PER_HOUR, windowMs: HOUR_MS }, "ai.errors.rateLimited");
}
