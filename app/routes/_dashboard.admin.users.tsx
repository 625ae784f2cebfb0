import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminUsersView } from "~/components/admin/admin-users-view";
import { setPromotedAdmin } from "~/modules/admin/promotion.server";
import { ADMIN_PAGE_SIZE, adminUsersPageQuerySchema, roleFormSchema } from "~/modules/admin/schemas";
import { listAdminUsers, pageCountOf } from "~/modules/admin/users.server";
import { requireAdmin } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyMessages, replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { initialsOf } from "~/modules/toast/toast";
import type { RouteHandle } from "~/utils/page-title";
import { pathOf } from "~/modules/http/redirect";

export const handle: RouteHandle = { title: "nav.userManagement" };

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const { q, page, sort } = adminUsersPageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  let list = await listAdminUsers({ q, page, pageSize: ADMIN_PAGE_SIZE, sort });
  const pageCount = pageCountOf(list.total, ADMIN_PAGE_SIZE);
  // A page past the end (a stale link after a search narrowed the list) shows the last one.
  const shown = Math.min(page, pageCount);
  if (shown !== page) list = await listAdminUsers({ q, page: shown, pageSize: ADMIN_PAGE_SIZE, sort });
  return { ...list, q, sort, page: shown, pageCount, currentUserId: admin.id };
}

/** Promote or demote one account (a button per row); back to the same list with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const { t } = await getRequestT(request);
  const parsed = roleFormSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return replyMessages([t("admin.users.errors.invalidForm")], 400);
  const { intent, userId } = parsed.data;
  let email: string;
  try {
    ({ email } = await setPromotedAdmin(admin.id, userId, intent === "promote"));
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, null, error);
  }
  return redirectWithToast(pathOf(request), {
    color: "success",
    title: t(`admin.users.${intent}d`, { email }),
    avatar: { alt: email, text: initialsOf(email) },
  });
}

export default function AdminUsersPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <AdminUsersView data={data} reply={reply} />;
}
