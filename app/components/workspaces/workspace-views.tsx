import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link, useLocation } from "@remix-run/react";
import { ArrowRightLeft, Building2, Check, Plus, Settings, Trash2, User } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { resultFor, type FormReply } from "~/modules/forms/reply";
import type { WorkspaceRole } from "~/modules/workspaces/roles";
import { createWorkspaceSchema, MAX_WORKSPACE_NAME, renameWorkspaceSchema } from "~/modules/workspaces/schemas";
import { cn } from "~/utils/cn";

/** A workspace as the pages show it to one of its members. */
export interface WorkspaceItem {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
  memberCount: number;
}

/** A workspace's name in the page's language: a personal workspace has none of its own. */
export function useWorkspaceName() {
  const { t } = useTranslation();
  return (workspace: { name: string; personal: boolean }) => (workspace.personal ? t("workspaces.personal") : workspace.name);
}

export function WorkspaceIcon({ personal, className }: { personal: boolean; className?: string }) {
  const Icon = personal ? User : Building2;
  return <Icon aria-hidden className={cn("size-4 shrink-0 text-muted-foreground", className)} />;
}

export function RoleBadge({ role }: { role: WorkspaceRole }) {
  const { t } = useTranslation();
  return <Badge tone={role === "owner" || role === "admin" ? "primary" : "neutral"}>{t(`workspaces.roles.${role}`)}</Badge>;
}

/** The switch to another workspace: a form that posts to the workspaces page, with the page to come back to. */
export function SwitchWorkspaceForm({ workspace, className }: { workspace: WorkspaceItem; className?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const name = useWorkspaceName()(workspace);
  return (
    <Form method="post" action="/workspaces?index" className={className}>
      <input type="hidden" name="workspaceId" value={workspace.id} />
      <input type="hidden" name="redirectTo" value={location.pathname} />
      <StatusButton name="intent" value="switch" variant="outline" size="sm" aria-label={t("workspaces.list.switchTo", { name })}>
        <ArrowRightLeft aria-hidden />
        {t("workspaces.list.switch")}
      </StatusButton>
    </Form>
  );
}

/** The user's workspaces: the current one marked, a switch to each other one, their settings. */
export function WorkspaceList({ workspaces, currentId, className }: { workspaces: WorkspaceItem[]; currentId: string; className?: string }) {
  const { t } = useTranslation();
  const nameOf = useWorkspaceName();
  return (
    <Card className={className} role="region" aria-labelledby="workspace-list-title">
      <CardHeader>
        <CardTitle id="workspace-list-title">{t("workspaces.list.title")}</CardTitle>
        {workspaces.length === 1 ? <CardDescription>{t("workspaces.list.onlyPersonal")}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y">
          {workspaces.map((workspace) => {
            const current = workspace.id === currentId;
            const name = nameOf(workspace);
            return (
              <li key={workspace.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center" data-testid="workspace">
                <div className="flex min-w-0 flex-1 items-start gap-2">
                  <WorkspaceIcon personal={workspace.personal} className="mt-1" />
                  <div className="flex min-w-0 flex-col gap-1">
                    <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                      <span className="min-w-0 font-medium wrap-anywhere">{name}</span>
                      <RoleBadge role={workspace.role} />
                      {current ? (
                        <Badge tone="success">
                          <Check aria-hidden className="size-3" />
                          {t("workspaces.list.current")}
                        </Badge>
                      ) : null}
                    </div>
                    <p className="text-xs text-muted-foreground">
                      {workspace.personal ? t("workspaces.list.personalHint") : t("workspaces.list.members", { count: workspace.memberCount })}
                    </p>
                  </div>
                </div>
                <div className="flex flex-wrap gap-2 pl-6 sm:pl-0">
                  {current ? null : <SwitchWorkspaceForm workspace={workspace} />}
                  {workspace.personal ? null : (
                    <Button asChild variant="ghost" size="sm">
                      <Link to={`/workspaces/${workspace.id}`} aria-label={t("workspaces.list.settingsOf", { name })}>
                        <Settings aria-hidden />
                        {t("workspaces.list.settings")}
                      </Link>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Makes a shared workspace; the user owns it and works in it from then on. */
export function CreateWorkspaceForm({ reply, className }: { reply?: FormReply; className?: string }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("workspace-create", createWorkspaceSchema, resultFor(reply, "create"), { defaultValue: { name: "" } });
  return (
    <Card className={className} role="region" aria-labelledby="workspace-create-title" id="new">
      <CardHeader>
        <CardTitle id="workspace-create-title">{t("workspaces.create.title")}</CardTitle>
        <CardDescription>{t("workspaces.create.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <Field
            label={t("workspaces.create.name")}
            hint={t("workspaces.create.nameHint")}
            errors={fields.name.errors}
            inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: MAX_WORKSPACE_NAME, autoComplete: "off", required: false }}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <StatusButton name="intent" value="create">
            <Plus aria-hidden />
            {t("workspaces.create.submit")}
          </StatusButton>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Renames a shared workspace (its admins and owner). */
export function RenameWorkspaceForm({ name, reply }: { name: string; reply?: FormReply }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("workspace-rename", renameWorkspaceSchema, resultFor(reply, "rename"), { defaultValue: { name } });
  return (
    <Card role="region" aria-labelledby="workspace-rename-title">
      <CardHeader>
        <CardTitle id="workspace-rename-title">{t("workspaces.settings.nameTitle")}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <Field
              label={t("workspaces.create.name")}
              errors={fields.name.errors}
              inputProps={{ ...getInputProps(fields.name, { type: "text" }), maxLength: MAX_WORKSPACE_NAME, autoComplete: "off", required: false }}
            />
            <FormErrors id={form.errorId} errors={form.errors} />
          </div>
          <StatusButton name="intent" value="rename" className="sm:mt-7">
            {t("workspaces.settings.save")}
          </StatusButton>
        </Form>
      </CardContent>
    </Card>
  );
}

/** The owner's way to delete a workspace: a link to the confirmation page. */
export function DeleteWorkspaceCard({ workspaceId }: { workspaceId: string }) {
  const { t } = useTranslation();
  return (
    <Card role="region" aria-labelledby="workspace-danger-title" className="border-error/40">
      <CardHeader>
        <CardTitle id="workspace-danger-title">{t("workspaces.settings.dangerTitle")}</CardTitle>
        <CardDescription>{t("workspaces.settings.dangerDescription")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="outline" className="border-error/40 text-error hover:bg-error/10">
          <Link to={`/workspaces/${workspaceId}/delete`}>
            <Trash2 aria-hidden />
            {t("workspaces.settings.delete")}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

/** What the reader is in this workspace and what that allows. */
export function WorkspaceFacts({ workspace, current }: { workspace: WorkspaceItem; current: boolean }) {
  const { t } = useTranslation();
  return (
    <Card role="region" aria-labelledby="workspace-facts-title">
      <CardHeader>
        <CardTitle id="workspace-facts-title">{t("workspaces.settings.factsTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-muted-foreground">{t("workspaces.settings.yourRole")}</span>
          <RoleBadge role={workspace.role} />
        </div>
        <p className="text-muted-foreground">{t(`workspaces.roleRights.${workspace.role}`)}</p>
        <p>{workspace.personal ? t("workspaces.list.personalHint") : t("workspaces.list.members", { count: workspace.memberCount })}</p>
        {current ? (
          <Badge tone="success" className="self-start">
            <Check aria-hidden className="size-3" />
            {t("workspaces.settings.workingHere")}
          </Badge>
        ) : (
          <SwitchWorkspaceForm workspace={workspace} />
        )}
      </CardContent>
    </Card>
  );
}
