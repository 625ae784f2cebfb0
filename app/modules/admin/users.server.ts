import { NETWORK_IDS, type NetworkId } from "~/core/platforms/platforms";
import { getDb, raw, sql, type Prisma } from "~/modules/db/db.server";
import { rawNumber } from "~/modules/db/raw-values";
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
  /** Every network, "none" where the user has no channel of it (the v1 pair first, as before). */
  connections: Record<NetworkId, ConnectionState>;
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
  channels: { select: { network: true, status: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] },
  _count: { select: { posts: true } },
} satisfies Prisma.UserSelect;

export type AdminUserRow = Prisma.UserGetPayload<{ select: typeof adminUserSelect }>;

/** A network's state for the user: "active" when one of its channels works, else "needs_reconnect" when it has some, else "none". */
function connectionState(row: AdminUserRow, network: NetworkId): ConnectionState {
  const channels = row.channels.filter((c) => c.network === network);
  if (channels.length === 0) return "none";
  return channels.some((c) => c.status !== "needs_reconnect") ? "active" : "needs_reconnect";
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
    connections: Object.fromEntries(NETWORK_IDS.map((network) => [network, connectionState(row, network)])) as Record<NetworkId, ConnectionState>,
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

/** The same order as orderBy, for the search's SQL. */
function orderSql(sort: AdminUserSort) {
  const direction = raw(sort.startsWith("-") ? "DESC" : "ASC");
  const column = sort.replace("-", "");
  const first =
    column === "posts"
      ? sql`(SELECT COUNT(*) FROM "Post" WHERE "Post"."userId" = "User"."id")`
      : raw(column === "email" ? `"email"` : column === "created" ? `"createdAt"` : `"updatedAt"`);
  return sql`${first} ${direction}, "id" ${direction}`;
}

/**
 * Addresses are stored lowercase, so a lowercase LIKE matches on SQLite and PostgreSQL alike. What
 * was typed is taken literally: "_", "%" and "\" are escaped (Prisma's `contains` leaves them
 * wildcards, and SQLite's LIKE has no escape character unless told), and an address never holds a
 * NUL, which PostgreSQL refuses in text.
 */
async function searchPage(q: string, { page, pageSize, sort }: Omit<AdminUsersQuery, "q">) {
  if (q.includes("\0")) return { total: 0, ids: [] };
  const where = sql`"email" LIKE ${`%${q.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`} ESCAPE '\\'`;
  const db = getDb();
  const [[count], rows] = await db.$transaction([
    db.$queryRaw<{ total: number | bigint }[]>`SELECT COUNT(*) AS "total" FROM "User" WHERE ${where}`,
    db.$queryRaw<{ id: string }[]>`SELECT "id" FROM "User" WHERE ${where} ORDER BY ${orderSql(sort)} LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  ]);
  return { total: rawNumber(count?.total ?? 0), ids: rows.map((row) => row.id) };
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
  if (q) {
    const found = await searchPage(q, { page, pageSize, sort });
    const [allUsers, rows] = await db.$transaction([db.user.count(), db.user.findMany({ where: { id: { in: found.ids } }, select: adminUserSelect })]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const users = found.ids.flatMap((id) => byId.get(id) ?? []).map(toAdminUserView);
    return { users, total: found.total, allUsers };
  }
  const [total, rows] = await db.$transaction([
    db.user.count(),
    db.user.findMany({ select: adminUserSelect, orderBy: orderBy(sort), skip: (page - 1) * pageSize, take: pageSize }),
  ]);
  return { users: rows.map(toAdminUserView), total, allUsers: total };
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
