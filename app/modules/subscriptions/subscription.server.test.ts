import { describe, expect, it } from "vitest";
import { currentSubscription, hasPaidAccess, trialSubscriptionData } from "./subscription.server";

describe("subscriptions", () => {
  const now = new Date("2026-03-01T12:00:00Z");

  it("starts a 14-day pro trial", () => {
    const trial = trialSubscriptionData(now);
    expect(trial).toMatchObject({ plan: "pro", status: "trialing" });
    expect(trial.trialEndsAt.toISOString()).toBe("2026-03-15T12:00:00.000Z");
  });

  it("gives paid access during the trial and ends it after", () => {
    const row = { ...trialSubscriptionData(now), currentPeriodEnd: null };
    expect(hasPaidAccess(currentSubscription(row, now))).toBe(true);
    const after = currentSubscription(row, new Date("2026-03-15T12:00:01Z"));
    expect(after).toMatchObject({ plan: "free", status: "inactive" });
    expect(hasPaidAccess(after)).toBe(false);
  });

  it("treats an account without a subscription as free", () => {
    expect(currentSubscription(null)).toMatchObject({ plan: "free", status: "active" });
    expect(hasPaidAccess(currentSubscription(null))).toBe(false);
  });
});
