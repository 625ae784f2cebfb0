import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cn } from "~/utils/cn";
import { useWritePostHref } from "~/utils/use-write-post-href";
import type { TranslationKey } from "~/modules/i18n/keys";

export interface NavItem {
  to: string;
  labelKey: TranslationKey;
}

// Top navigation for everyone; main navigation by role (admins also see user management).
export const topNavItems: NavItem[] = [
  { to: "/docs/getting-started", labelKey: "nav.docs" },
  { to: "/pricing", labelKey: "nav.pricing" },
  { to: "/blog", labelKey: "nav.blog" },
];

export function mainNavItems(isAdmin: boolean, canWrite = true): NavItem[] {
  return [
    ...(canWrite ? [{ to: "/create", labelKey: "nav.write" } as const] : []),
    { to: "/posts", labelKey: "nav.posts" },
    { to: "/analytics", labelKey: "analyticsPage.nav" },
    { to: "/queue", labelKey: "queue.slots.nav" },
    { to: "/profile", labelKey: "nav.profile" },
    ...(isAdmin ? [{ to: "/admin/users", labelKey: "nav.userManagement" } as const] : []),
  ];
}

export function NavLinks({
  items,
  className,
  linkClassName,
  label,
  vertical = false,
}: {
  items: NavItem[];
  className?: string;
  linkClassName?: string;
  label: string;
  vertical?: boolean;
}) {
  const { t } = useTranslation();
  const writePost = useWritePostHref();
  return (
    <nav aria-label={label} className={className}>
      <ul className={cn("flex gap-1", vertical && "flex-col")}>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to === "/create" ? writePost : item.to}
              prefetch="intent"
              className={({ isActive }) =>
                cn(
                  "block rounded-md px-3 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground",
                  isActive && "bg-accent text-accent-foreground hover:bg-accent hover:text-accent-foreground",
                  linkClassName,
                )
              }
            >
              {t(item.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
