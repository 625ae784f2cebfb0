import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { Button } from "~/components/ui/button";
import { DeleteWorkspaceCard, RenameWorkspaceForm, WorkspaceFacts } from "~/components/workspaces/workspace-views";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import type { FormReply } from "~/modules/forms/reply";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import { workspaceParams } from "~/modules/http/params.server";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { roleAtLeast } from "~/modules/workspaces/roles";
import { renameWorkspaceSchema } from "~/modules/workspaces/schemas";
import { getWorkspace, updateWorkspace } from "~/modules/workspaces/workspaces.server";
import type { RouteHandle } from "~/utils/page-title";

// One workspace's settings: its name (admins and the owner may change it), what the reader's role
// there allows, and for the owner the way to delete it. Members and invitations come here too.

export const handle: RouteHandle = { title: "workspaces.settings.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, workspace: current } = await requireMember(request);
  const { workspaceId } = getPageParams(params, workspaceParams);
  try {
    return { workspace: await getWorkspace(user.id, workspaceId), current: current.id === workspaceId };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireMember(request);
  const { workspaceId } = getPageParams(params, workspaceParams);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getRequestT(request);
  if (intent !== "rename") return replyMessages([t("errors.validationFailed")], 400);
  const submission = parseWithZod(formData, { schema: renameWorkspaceSchema });
  if (submission.status !== "success") return replyInvalid(submission, { intent });
  try {
    const renamed = await updateWorkspace(user.id, workspaceId, { name: submission.value.name });
    return redirectWithToast(`/workspaces/${workspaceId}`, { color: "success", title: t("workspaces.settings.renamed", { name: renamed.name }) });
  } catch (error) {
    rethrowUnlessAppError(error);
    if (error.code === "not_found") rethrowAsResponse(error);
    return replyWithError(request, submission, error, { intent });
  }
}

export default function WorkspaceSettingsPage() {
  const { t } = useTranslation();
  const { workspace, current } = useLoaderData<typeof loader>();
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
          {!workspace.personal && roleAtLeast(workspace.role, "admin") ? (
            <RenameWorkspaceForm key={workspace.name} name={workspace.name} reply={reply} />
          ) : null}
          {!workspace.personal && workspace.role === "owner" ? <DeleteWorkspaceCard workspaceId={workspace.id} /> : null}
        </div>
        <WorkspaceFacts workspace={workspace} current={current} />
      </div>
    </>
  );
}
