import { getDb, type Prisma } from "~/modules/db/db.server";
import { currentSubscription, type SubscriptionView } from "~/modules/subscriptions/subscription.server";
import { adminSourceOf, isAdmin, isListedAdmin } from "~/modules/users/roles.server";
import type { AdminUserSort, AdminUsersQuery } from "./schemas";

export type ConnectionState = "none" | "active" | "needs_reconnect";

/** One account as the admin table and GET /api/admin/users show it. */
export interface AdminUserView {
  id: string;
  email: string;
  role: "admin" | "user";
  isAdmin: boolean;
  adminSource: "list" | "promotion" | null;
  /** An ADMIN_EMAILS address: an admin once its owner has chosen a password from a mailed link. */
  listed: boolean;
  /** For a promoted admin: when, and by whom (null for promotions made before they were recorded, or by a deleted account). */
  promotedAt: string | null;
  promotedBy: { id: string; email: string; isAdmin: boolean } | null;
  verified: boolean;
  plan: SubscriptionView["plan"];
  postCount: number;
  connections: { linkedin: ConnectionState; twitter: ConnectionState };
  createdAt: string;
  updatedAt: string;
}

/** What one row needs, read in the same query as the rows (posts counted by the database). */
export const adminUserSelect = {
  id: true,
  email: true,
  emailVerifiedAt: true,
  passwordSetByMailAt: true,
  promotedAdmin: true,
  promotedAt: true,
  promotedBy: { select: { id: true, email: true, emailVerifiedAt: true, passwordSetByMailAt: true, promotedAdmin: true } },
  createdAt: true,
  updatedAt: true,
  subscription: { select: { plan: true, status: true, trialEndsAt: true, currentPeriodEnd: true } },
  connections: { select: { provider: true, status: true } },
  _count: { select: { posts: true } },
} satisfies Prisma.UserSelect;

export type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>;

function connectionState(row: AdminUserRow, provider: "linkedin" | "twitter"): ConnectionState {
  const connection = row.connections.find((c) => c.provider === provider);
  if (!connection) return "none";
  return connection.status === "needs_reconnect" ? "needs_reconnect" : "active";
}

export function toAdminUserView(row: AdminUserRow): AdminUserView {
  const adminSource = adminSourceOf(row);
  const promoted = adminSource === "promotion";
  const by = promoted ? row.promotedBy : null;
  return {
    id: row.id,
    email: row.email,
    role: adminSource ? "admin" : "user",
    isAdmin: adminSource !== null,
    adminSource,
    listed: isListedAdmin(row.email),
    promotedAt: promoted && row.promotedAt ? row.promotedAt.toISOString() : null,
    promotedBy: by ? { id: by.id, email: by.email, isAdmin: isAdmin(by) } : null,
    verified: row.emailVerifiedAt !== null,
    plan: currentSubscription(row.subscription).plan,
    postCount: row._count.posts,
    connections: { linkedin: connectionState(row, "linkedin"), twitter: connectionState(row, "twitter") },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function orderBy(sort: AdminUserSort): Prisma.UserOrderByWithRelationInput[] {
  const direction = sort.startsWith("-") ? "desc" : "asc";
  const column = sort.replace("-", "");
  const first: Prisma.UserOrderByWithRelationInput =
    column === "posts"
      ? { posts: { _count: direction } }
      : column === "email"
        ? { email: direction }
        : column === "created"
          ? { createdAt: direction }
          : { updatedAt: direction };
  return [first, { id: direction }];
}

/** Addresses are stored lowercase, so a lowercase "contains" matches on SQLite and PostgreSQL alike. */
function whereOf(q: string): Prisma.UserWhereInput {
  return q ? { email: { contains: q.toLowerCase() } } : {};
}

export interface AdminUsersPage {
  users: AdminUserView[];
  total: number;
  /** Every account, whatever the search. */
  allUsers: number;
}

/** One page of accounts: the rows with their counts in one query, plus the totals. */
export async function listAdminUsers({ q, page, pageSize, sort }: AdminUsersQuery): Promise<AdminUsersPage> {
  const db = getDb();
  const where = whereOf(q);
  const [total, allUsers, rows] = await db.$transaction([
    db.user.count({ where }),
    db.user.count(),
    db.user.findMany({ where, select: adminUserSelect, orderBy: orderBy(sort), skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  return { users: rows.map(toAdminUserView), total, allUsers };
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
