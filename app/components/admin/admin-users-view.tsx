import { Form, Link, useLocation } from "@remix-run/react";
import { Download, Search, Users } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Pagination } from "~/components/posts/post-toolbar";
import { Button } from "~/components/ui/button";
import { FormErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { DEFAULT_ADMIN_USER_SORT, type AdminUserSort } from "~/modules/admin/schemas";
import type { AdminUserView } from "~/modules/admin/users.server";
import { searchHref } from "~/utils/search-href";
import { formErrorsOf, type FormReply } from "~/modules/forms/reply";
import { AdminUsersTable } from "./admin-users-table";

export interface AdminUsersData {
  users: AdminUserView[];
  total: number;
  allUsers: number;
  q: string;
  sort: AdminUserSort;
  page: number;
  pageCount: number;
  currentUserId: string;
}

/** /admin/users: totals, the search, the exports, the table and its pages; all plain links and forms. */
export function AdminUsersView({ data, reply }: { data: AdminUsersData; reply?: FormReply }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const href = (changes: Record<string, string | null>) => searchHref("/admin/users", search, changes);
  const sortHref = (sort: AdminUserSort) => href({ sort: sort === DEFAULT_ADMIN_USER_SORT ? null : sort, page: null });
  return (
    <section aria-labelledby="admin-users-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="admin-users-title" className="text-lg font-semibold">
            {t("admin.users.title")}
          </h2>
          <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground" data-testid="admin-users-total">
            <Users aria-hidden className="size-4" />
            {t("admin.users.total", { count: data.allUsers })}
            {data.q ? <span>· {t("admin.users.matching", { count: data.total, q: data.q })}</span> : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/users.csv" reloadDocument>
              <Download aria-hidden />
              {t("admin.users.exportUsers")}
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/waitlist.csv" reloadDocument>
              <Download aria-hidden />
              {t("admin.users.exportWaitlist")}
            </Link>
          </Button>
        </div>
      </div>

      <Form method="get" action="/admin/users" role="search" className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <label htmlFor="admin-users-q" className="sr-only">
          {t("admin.users.searchLabel")}
        </label>
        <Input id="admin-users-q" type="search" name="q" defaultValue={data.q} placeholder={t("admin.users.searchPlaceholder")} className="sm:max-w-sm" />
        {data.sort !== DEFAULT_ADMIN_USER_SORT ? <input type="hidden" name="sort" value={data.sort} /> : null}
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            <Search aria-hidden />
            {t("admin.users.search")}
          </Button>
          {data.q ? (
            <Button asChild variant="ghost">
              <Link to={href({ q: null, page: null })}>{t("admin.users.clearSearch")}</Link>
            </Button>
          ) : null}
        </div>
      </Form>

      <FormErrors errors={formErrorsOf(reply)} />

      {data.users.length === 0 ? (
        <div className="rounded-xl border border-dashed p-10 text-center text-sm text-muted-foreground" data-testid="admin-users-empty">
          {data.q ? t("admin.users.noMatch", { q: data.q }) : t("admin.users.empty")}
        </div>
      ) : (
        <>
          <AdminUsersTable users={data.users} sort={data.sort} sortHref={sortHref} currentUserId={data.currentUserId} formAction={href({})} />
          <Pagination page={data.page} pageCount={data.pageCount} hrefFor={(page) => href({ page: page === 1 ? null : String(page) })} />
        </>
      )}
    </section>
  );
}
