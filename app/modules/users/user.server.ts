import { updatePersonFor } from "~/modules/analytics/server-events.server";
import { listServices, type ServiceEntry } from "~/modules/connections/connection.server";
import { getDb } from "~/modules/db/db.server";
import { AppError } from "~/modules/errors/app-error";
import type { Locale } from "~/modules/i18n/i18n";
import { currentSubscription, type SubscriptionView } from "~/modules/subscriptions/subscription.server";
import { roleOf } from "./roles.server";
import { normalizeTimeZone } from "./timezone";

/** The profile as the API answers it (docs/api.md: GET /api/users/me). */
export interface UserProfile {
  id: string;
  email: string;
  username: string;
  role: "admin" | "user";
  isAdmin: boolean;
  verified: boolean;
  locale: string;
  timezone: string;
  createdAt: string;
  updatedAt: string;
  services: ServiceEntry[];
  subscription: {
    plan: SubscriptionView["plan"];
    status: SubscriptionView["status"];
    trialEndsAt: string | null;
    currentPeriodEnd: string | null;
    cardConfigured: boolean;
  };
}

export async function getUserProfile(userId: string): Promise<UserProfile> {
  const user = await getDb().user.findUnique({ where: { id: userId }, include: { subscription: true } });
  if (!user) throw new AppError("not_found", "errors.notFound");
  const role = roleOf(user);
  const subscription = currentSubscription(user.subscription);
  return {
    id: user.id,
    email: user.email,
    username: user.email,
    role,
    isAdmin: role === "admin",
    verified: user.emailVerifiedAt !== null,
    locale: user.locale,
    timezone: user.timezone,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    services: await listServices(user.id),
    subscription: {
      plan: subscription.plan,
      status: subscription.status,
      trialEndsAt: subscription.trialEndsAt?.toISOString() ?? null,
      currentPeriodEnd: subscription.currentPeriodEnd?.toISOString() ?? null,
      cardConfigured: user.subscription?.cardConfigured ?? false,
    },
  };
}

/** Only an actual change is written, and told to PostHog. */
export async function updateLocale(userId: string, locale: Locale): Promise<void> {
  const { count } = await getDb().user.updateMany({ where: { id: userId, locale: { not: locale } }, data: { locale } });
  if (count) updatePersonFor(userId, { locale });
}

export async function updateTimezone(userId: string, timezone: string): Promise<void> {
  const zone = normalizeTimeZone(timezone);
  const { count } = await getDb().user.updateMany({ where: { id: userId, timezone: { not: zone } }, data: { timezone: zone } });
  if (count) updatePersonFor(userId, { timezone: zone });
}
