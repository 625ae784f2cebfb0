import { Link } from "@remix-run/react";
import { ArrowDown, ArrowUp, ArrowUpDown, Check, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Badge } from "~/components/ui/badge";
import type { AdminUserSort } from "~/modules/admin/schemas";
import type { AdminUserView, ConnectionState } from "~/modules/admin/users.server";
import type { KeysUnder } from "~/modules/i18n/keys";
import { NETWORK_IDS } from "~/core/platforms/platforms";
import { cn } from "~/utils/cn";
import { useFormatDate } from "~/utils/use-format-date";
import { RoleActions } from "./role-actions";

type SortColumn = "email" | "posts" | "updated";

/** A column header that sorts by it: ascending first, then the other way (dates: newest first). */
function SortHeader({
  column,
  label,
  sort,
  sortHref,
  className,
}: {
  column: SortColumn;
  label: string;
  sort: AdminUserSort;
  sortHref: (sort: AdminUserSort) => string;
  className?: string;
}) {
  const { t } = useTranslation();
  const active = sort.replace("-", "") === column;
  const descending = sort.startsWith("-");
  const firstDirection: AdminUserSort = column === "email" ? column : `-${column}`;
  const next: AdminUserSort = active ? ((descending ? column : `-${column}`) as AdminUserSort) : firstDirection;
  const Icon = active ? (descending ? ArrowDown : ArrowUp) : ArrowUpDown;
  return (
    <th scope="col" aria-sort={active ? (descending ? "descending" : "ascending") : undefined} className={cn("px-3 py-2 font-medium", className)}>
      <Link to={sortHref(next)} className="inline-flex items-center gap-1 hover:text-foreground" aria-label={t("admin.users.sortBy", { column: label })}>
        {label}
        <Icon aria-hidden className={cn("size-3.5", !active && "opacity-50")} />
      </Link>
    </th>
  );
}

const connectionStyle = {
  active: { tone: "success", Icon: Check },
  needs_reconnect: { tone: "warning", Icon: TriangleAlert },
  none: { tone: "neutral", Icon: null },
} as const;

/** One badge a network: its logo, and a mark for its state (the state in words for screen readers and on hover). */
function ConnectionBadges({ connections }: { connections: AdminUserView["connections"] }) {
  const { t } = useTranslation();
  return (
    <ul className="flex gap-1">
      {NETWORK_IDS.map((platform) => {
        const state: ConnectionState = connections[platform];
        const { tone, Icon } = connectionStyle[state];
        const label = `${t(`admin.users.platform.${platform}`)}: ${t(`admin.users.connection.${state}`)}`;
        return (
          <li key={platform} title={label}>
            <Badge tone={tone} className={cn("h-6", state === "none" && "opacity-50")}>
              <PlatformIcon platform={platform} className="size-3" />
              {Icon ? <Icon aria-hidden className="size-3" /> : null}
              <span className="sr-only">{label}</span>
            </Badge>
          </li>
        );
      })}
    </ul>
  );
}

/** Who granted a promoted admin's rights, and when; marked when that account is no longer an admin. */
function Promotion({ user }: { user: AdminUserView }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (user.adminSource !== "promotion") return null;
  const date = user.promotedAt ? formatDate(user.promotedAt) : "";
  const { promotedBy } = user;
  const text = !user.promotedAt
    ? t("admin.users.promotedUnrecorded")
    : !promotedBy
      ? t("admin.users.promotedByGone", { date })
      : t(promotedBy.isAdmin ? "admin.users.promotedBy" : "admin.users.promotedByFormer", { email: promotedBy.email, date });
  const suspicious = !user.promotedAt || !promotedBy?.isAdmin;
  return (
    <span className={cn("text-xs [overflow-wrap:anywhere] lg:max-w-56", suspicious ? "text-warning" : "text-muted-foreground")} data-testid="promotion">
      {suspicious ? <TriangleAlert aria-hidden className="mr-1 inline size-3" /> : null}
      {text}
    </span>
  );
}

/** On phones each row is a card: the cells stack, each with its column's name. */
function Cell({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={cn("flex items-center justify-between gap-3 lg:table-cell lg:px-3 lg:py-3", className)}>
      <span className="text-xs text-muted-foreground lg:hidden">{label}</span>
      {children}
    </td>
  );
}

export function AdminUsersTable(props: {
  users: AdminUserView[];
  sort: AdminUserSort;
  sortHref: (sort: AdminUserSort) => string;
  currentUserId: string;
  formAction: string;
}) {
  const { users, sort, sortHref, currentUserId, formAction } = props;
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const column = (key: KeysUnder<"admin.users.columns">) => t(`admin.users.columns.${key}`);
  return (
    <div className="rounded-xl border bg-card lg:overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{t("admin.users.caption")}</caption>
        <thead className="hidden border-b bg-muted/40 text-left text-xs text-muted-foreground uppercase lg:table-header-group">
          <tr>
            <SortHeader column="email" label={column("email")} sort={sort} sortHref={sortHref} />
            <th scope="col" className="px-3 py-2 font-medium">
              {column("role")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {column("verified")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {column("plan")}
            </th>
            <SortHeader column="posts" label={column("posts")} sort={sort} sortHref={sortHref} className="text-right" />
            <th scope="col" className="px-3 py-2 font-medium">
              {column("connections")}
            </th>
            <SortHeader column="updated" label={column("updated")} sort={sort} sortHref={sortHref} />
            <th scope="col" className="px-3 py-2 font-medium">
              <span className="sr-only">{column("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {users.map((user) => (
            <tr key={user.id} className="flex flex-col gap-2 p-4 lg:table-row lg:p-0" data-testid="admin-user-row">
              <th scope="row" className="text-left font-medium [overflow-wrap:anywhere] lg:px-3 lg:py-3 lg:whitespace-nowrap">
                {user.email}
                {user.id === currentUserId ? <span className="ml-2 text-xs font-normal text-muted-foreground">{t("admin.users.you")}</span> : null}
              </th>
              <Cell label={column("role")}>
                <span className="flex flex-col items-end gap-1 lg:items-start">
                  <Badge tone={user.isAdmin ? "primary" : "neutral"}>{t(`admin.users.role.${user.adminSource ?? "user"}`)}</Badge>
                  <Promotion user={user} />
                </span>
              </Cell>
              <Cell label={column("verified")}>
                <Badge tone={user.verified ? "success" : "warning"}>{t(user.verified ? "admin.users.verified" : "admin.users.unverified")}</Badge>
              </Cell>
              <Cell label={column("plan")}>
                <span>{t(`admin.users.plan.${user.plan}`)}</span>
              </Cell>
              <Cell label={column("posts")} className="tabular-nums lg:text-right">
                <span>{user.postCount}</span>
              </Cell>
              <Cell label={column("connections")}>
                <ConnectionBadges connections={user.connections} />
              </Cell>
              <Cell label={column("updated")} className="text-xs text-muted-foreground lg:whitespace-nowrap">
                <time dateTime={user.updatedAt}>{formatDate(user.updatedAt)}</time>
              </Cell>
              <td className="lg:px-3 lg:py-3 lg:text-right">
                <RoleActions user={user} isSelf={user.id === currentUserId} formAction={formAction} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
