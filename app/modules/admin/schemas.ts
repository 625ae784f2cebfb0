import { z } from "zod";

export const ADMIN_PAGE_SIZE = 25;
export const MAX_ADMIN_PAGE_SIZE = 100;

/** The sortable columns; a leading "-" sorts descending. Ties are broken by id, so pages never overlap. */
export const ADMIN_USER_SORTS = ["email", "-email", "updated", "-updated", "created", "-created", "posts", "-posts"] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const DEFAULT_ADMIN_USER_SORT: AdminUserSort = "-updated";

/** GET /api/admin/users: strict, a bad value is a 422. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(254).default(""),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_ADMIN_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  sort: z.enum(ADMIN_USER_SORTS).default(DEFAULT_ADMIN_USER_SORT),
});

/** /admin/users: the same values read leniently, as a hand-edited address falls back to the defaults. */
export const adminUsersPageQuerySchema = z.object({
  q: z.string().trim().max(254).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  sort: z.enum(ADMIN_USER_SORTS).catch(DEFAULT_ADMIN_USER_SORT),
});

export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

/** A JSON boolean, or "true"/"false" from a form. */
export const setAdminBodySchema = z.object({
  isAdmin: z.union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")], { error: "admin.users.errors.isAdminRequired" }),
});

/** The page's promotion form: one button per row. */
export const roleFormSchema = z.object({
  intent: z.enum(["promote", "demote"]),
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
});
