import { parseBody, apiData, apiRoute, requireApiAdmin } from "~/modules/api/api.server";
import { adminUsersQuerySchema } from "~/modules/admin/schemas";
import { listAdminUsers } from "~/modules/admin/users.server";

/** GET /api/admin/users: the accounts, searched by e-mail (`q`), sorted and paged; admins only. */
const handler = apiRoute({
  GET: async ({ request }) => {
    await requireApiAdmin(request);
    const query = parseBody(adminUsersQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const { users, total } = await listAdminUsers(query);
    return apiData(users, { meta: { total, page: query.page, pageSize: query.pageSize } });
  },
});

export const loader = handler;
export const action = handler;
