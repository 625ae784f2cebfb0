import { Link, useFetcher, useLocation, useSubmit } from "@remix-run/react";
import { Check, ChevronsUpDown, Plus, Settings } from "lucide-react";
import { useTranslation } from "react-i18next";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { Spinner } from "~/components/ui/spinner";
import { cn } from "~/utils/cn";
import { useHydrated } from "~/utils/use-hydrated";
import { useCurrentWorkspace } from "~/utils/use-root-data";
import { useWorkspaceName, WorkspaceIcon, type WorkspaceItem } from "./workspace-views";

const TRIGGER =
  "flex h-9 min-w-0 max-w-64 cursor-pointer items-center gap-2 rounded-md border px-2.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/**
 * The shell's workspace switcher: the current workspace's name. Without JavaScript it is a link to
 * the workspaces page, where each other workspace has its switch; with it, a menu that loads that
 * page's list when it opens (no signed-in page pays for the list otherwise) and posts the same switch.
 */
export function WorkspaceSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const workspace = useCurrentWorkspace();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ workspaces: WorkspaceItem[]; currentId: string }>();
  const submit = useSubmit();
  const location = useLocation();
  const nameOf = useWorkspaceName();
  if (!workspace) return null;
  const name = nameOf(workspace);
  const label = t("workspaces.switcher.label", { name });
  const face = (
    <>
      <WorkspaceIcon personal={workspace.personal} />
      <span className="truncate" title={name}>
        {name}
      </span>
      <ChevronsUpDown aria-hidden className="size-4 shrink-0 text-muted-foreground" />
    </>
  );
  if (!hydrated) {
    return (
      <Link to="/workspaces" className={cn(TRIGGER, className)} aria-label={label} data-workspace-switcher>
        {face}
      </Link>
    );
  }
  const workspaces = fetcher.data?.workspaces;
  return (
    <DropdownMenu
      // Not modal: a modal menu blocks the page's pointer events, and the click that opened it then
      // lands outside the phone menu that holds the switcher, which closes under it.
      modal={false}
      onOpenChange={(open) => {
        if (open) fetcher.load("/workspaces?index");
      }}
    >
      <DropdownMenuTrigger className={cn(TRIGGER, className)} aria-label={label} data-workspace-switcher>
        {face}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="max-w-[min(20rem,calc(100vw-2rem))]">
        <DropdownMenuLabel>{t("workspaces.switcher.title")}</DropdownMenuLabel>
        {workspaces ? (
          workspaces.map((item) => {
            const current = item.id === workspace.id;
            return (
              <DropdownMenuItem
                key={item.id}
                onSelect={() => {
                  if (current) return;
                  submit({ intent: "switch", workspaceId: item.id, redirectTo: location.pathname }, { method: "post", action: "/workspaces?index" });
                }}
              >
                <WorkspaceIcon personal={item.personal} />
                <span className="min-w-0 flex-1 truncate" title={nameOf(item)}>
                  {nameOf(item)}
                </span>
                {current ? (
                  <>
                    <Check aria-hidden className="text-primary" />
                    <span className="sr-only">{t("workspaces.list.current")}</span>
                  </>
                ) : null}
              </DropdownMenuItem>
            );
          })
        ) : (
          <div className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground" role="status">
            <Spinner />
            {t("common.loading")}
          </div>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/workspaces">
            <Settings aria-hidden />
            {t("workspaces.switcher.manage")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/workspaces#new">
            <Plus aria-hidden />
            {t("workspaces.switcher.create")}
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
