import { billingEnabled } from "~/integrations/stripe.server";
import { getDb } from "~/modules/db/db.server";
import { currentSubscription, hasPaidAccess } from "./subscription.server";

/**
 * Whether a user may use what paid plans give (AI drafting, unlimited scheduling): the one place
 * that decides it. With billing off (no STRIPE_SECRET_KEY, docs/decisions/0025) nobody is limited
 * by a plan; otherwise pro or enterprise, active or in trial.
 */
export async function hasPaidFeatures(userId: string): Promise<boolean> {
  if (!billingEnabled()) return true;
  const row = await getDb().subscription.findUnique({ where: { userId } });
  return hasPaidAccess(currentSubscription(row));
}
