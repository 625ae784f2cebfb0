import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { Button } from "~/components/ui/button";
import { InvitationsCard, MembersCard } from "~/components/workspaces/members-views";
import { DeleteWorkspaceCard, RenameWorkspaceForm, WorkspaceFacts } from "~/components/workspaces/workspace-views";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import type { FormReply } from "~/modules/forms/reply";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import { workspaceParams } from "~/modules/http/params.server";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { createInvitation, listInvitations, revokeInvitation } from "~/modules/workspace-members/invitations.server";
import { actorIn, changeMemberRole, listMembers, removeMember } from "~/modules/workspace-members/members.server";
import { changeRoleSchema, inviteSchema } from "~/modules/workspace-members/schemas";
import { can } from "~/modules/workspaces/roles";
import { renameWorkspaceSchema } from "~/modules/workspaces/schemas";
import { getWorkspace, updateWorkspace } from "~/modules/workspaces/workspaces.server";
import type { RouteHandle } from "~/utils/page-title";

// One workspace's settings: its name (admins and the owner may change it), its members and the
// invitations waiting (docs/decisions/0085), what the reader's role allows, and for the owner the
// way to delete it. Every form posts here and redirects, with or without JavaScript.

export const handle: RouteHandle = { title: "workspaces.settings.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, workspace: current } = await requireMember(request);
  const { workspaceId } = getPageParams(params, workspaceParams);
  try {
    const actor = await actorIn(user.id, workspaceId);
    const [workspace, members, invitations] = await Promise.all([
      getWorkspace(user.id, workspaceId),
      listMembers(actor),
      can(actor.role, "manage") ? listInvitations(actor) : [],
    ]);
    return { workspace, members, invitations, me: user.id, current: current.id === workspaceId };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireMember(request);
  const { workspaceId } = getPageParams(params, workspaceParams);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { t } = await getRequestT(request);
  const here = `/workspaces/${workspaceId}`;
  let actor;
  try {
    actor = await actorIn(user.id, workspaceId);
  } catch (error) {
    rethrowAsResponse(error);
  }
  // The one-click forms (roles, removal, withdrawal) answer with a toast on this page.
  const oneClick = async (run: () => Promise<string>, to = here) => {
    try {
      return redirectWithToast(to, { color: "success", title: await run() });
    } catch (error) {
      rethrowUnlessAppError(error);
      return redirectWithToast(here, { color: "error", title: t(error.messageKey, error.options.values) });
    }
  };
  const userId = String(formData.get("userId") ?? "");
  switch (intent) {
    case "rename": {
      const submission = parseWithZod(formData, { schema: renameWorkspaceSchema });
      if (submission.status !== "success") return replyInvalid(submission, { intent });
      try {
        const renamed = await updateWorkspace(user.id, workspaceId, { name: submission.value.name });
        return redirectWithToast(here, { color: "success", title: t("workspaces.settings.renamed", { name: renamed.name }) });
      } catch (error) {
        rethrowUnlessAppError(error);
        if (error.code === "not_found") rethrowAsResponse(error);
        return replyWithError(request, submission, error, { intent });
      }
    }
    case "invite": {
      const submission = parseWithZod(formData, { schema: inviteSchema });
      if (submission.status !== "success") return replyInvalid(submission, { intent });
      try {
        const sent = await createInvitation(actor, submission.value);
        return redirectWithToast(here, { color: "success", icon: "send", title: t("workspaces.members.invite.sent", { email: sent.email }) });
      } catch (error) {
        rethrowUnlessAppError(error);
        return replyWithError(request, submission, error, { intent });
      }
    }
    case "changeRole": {
      const parsed = changeRoleSchema.safeParse({ role: formData.get("role") });
      if (!parsed.success) return replyMessages([t("workspaces.members.validation.role")], 400);
      return oneClick(async () => {
        const changed = await changeMemberRole(actor, userId, parsed.data.role);
        return t("workspaces.members.roleChanged", { email: changed.email, role: t(`workspaces.roles.${changed.role}`) });
      });
    }
    case "remove":
      return oneClick(async () => {
        const email = (await listMembers(actor)).find((member) => member.userId === userId)?.email ?? "";
        await removeMember(actor, userId);
        return t("workspaces.members.removed", { email });
      });
    case "leave":
      return oneClick(async () => {
        await removeMember(actor, user.id);
        return t("workspaces.members.left");
      }, "/workspaces");
    case "withdraw":
      return oneClick(async () => {
        await revokeInvitation(actor, String(formData.get("invitationId") ?? ""));
        return t("workspaces.members.invite.withdrawn");
      });
    default:
      return replyMessages([t("errors.validationFailed")], 400);
  }
}

export default function WorkspaceSettingsPage() {
  const { t } = useTranslation();
  const { workspace, members, invitations, me, current } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const name = workspace.personal ? t("workspaces.personal") : workspace.name;
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="mb-4 -ml-2">
        <Link to="/workspaces">
          <ArrowLeft aria-hidden />
          {t("workspaces.settings.back")}
        </Link>
      </Button>
      <PageHeader title={name} description={t("workspaces.settings.description")} className="[&_h1]:wrap-anywhere" />
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {!workspace.personal && can(workspace.role, "manage") ? <RenameWorkspaceForm key={workspace.name} name={workspace.name} reply={reply} /> : null}
          {workspace.personal ? null : <MembersCard members={members} me={me} myRole={workspace.role} />}
          {!workspace.personal && can(workspace.role, "manage") ? (
            <InvitationsCard key={invitations.length} invitations={invitations} myRole={workspace.role} reply={reply} />
          ) : null}
          {!workspace.personal && workspace.role === "owner" ? <DeleteWorkspaceCard workspaceId={workspace.id} /> : null}
        </div>
        <WorkspaceFacts workspace={workspace} current={current} />
      </div>
    </>
  );
}
