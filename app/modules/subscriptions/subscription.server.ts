export const TRIAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Plan = "free" | "basic" | "pro" | "enterprise";
export type SubscriptionStatus = "active" | "inactive" | "pending" | "trialing" | "canceled";

export interface SubscriptionView {
  plan: Plan;
  status: SubscriptionStatus;
  trialEndsAt: Date | null;
  currentPeriodEnd: Date | null;
}

/** Every new account starts a 14-day pro trial, with no card. */
export function trialSubscriptionData(now = new Date()) {
  return { plan: "pro", status: "trialing", trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) } as const;
}

/** The subscription as it stands now: a trial past its end is over (free, inactive). */
export function currentSubscription(
  row: { plan: string; status: string; trialEndsAt: Date | null; currentPeriodEnd: Date | null } | null,
  now = new Date(),
): SubscriptionView {
  if (!row) return { plan: "free", status: "active", trialEndsAt: null, currentPeriodEnd: null };
  const view = row as SubscriptionView;
  if (view.status === "trialing" && view.trialEndsAt && view.trialEndsAt <= now) {
    return { ...view, plan: "free", status: "inactive" };
  }
  return view;
}

/**
 * The plan's own rule: pro or enterprise, active or in trial. Whether a user gets the paid features
 * also depends on billing being on: ask hasPaidFeatures (access.server.ts).
 */
export function hasPaidAccess(view: SubscriptionView): boolean {
  return (view.plan === "pro" || view.plan === "enterprise") && (view.status === "active" || view.status === "trialing");
}
