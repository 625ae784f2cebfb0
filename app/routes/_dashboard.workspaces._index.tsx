import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { CreateWorkspaceForm, WorkspaceList } from "~/components/workspaces/workspace-views";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import type { FormReply } from "~/modules/forms/reply";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { chooseWorkspace } from "~/modules/workspaces/membership.server";
import { createWorkspaceSchema, switchWorkspaceSchema } from "~/modules/workspaces/schemas";
import { landingAfterSwitch } from "~/modules/workspaces/switch-landing";
import { createWorkspace, listWorkspaces } from "~/modules/workspaces/workspaces.server";
import type { RouteHandle } from "~/utils/page-title";

// The workspaces page (docs/decisions/0083): the user's workspaces, the one they work in, a switch
// to each other one, and a form to make a new one. The shell's switcher loads this page's data when
// it opens and posts its switch here, so both work the same with or without JavaScript.

export const handle: RouteHandle = { title: "workspaces.page.title" };

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, workspace } = await requireMember(request);
  return { workspaces: await listWorkspaces(user.id), currentId: workspace.id };
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, sessionId } = await requireMember(request);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const { t } = await getRequestT(request);
  switch (intent) {
    case "create": {
      const submission = parseWithZod(formData, { schema: createWorkspaceSchema });
      if (submission.status !== "success") return replyInvalid(submission, { intent });
      try {
        const created = await createWorkspace(user.id, submission.value.name);
        // A new workspace is made to be worked in: the user is in it from now on.
        await chooseWorkspace(sessionId, user.id, created.id);
        return redirectWithToast(`/workspaces/${created.id}`, { color: "success", title: t("workspaces.create.created", { name: created.name }) });
      } catch (error) {
        rethrowUnlessAppError(error);
        return replyWithError(request, submission, error, { intent });
      }
    }
    case "switch": {
      const submission = parseWithZod(formData, { schema: switchWorkspaceSchema });
      const chosen = submission.status === "success" ? await chooseWorkspace(sessionId, user.id, submission.value.workspaceId) : null;
      if (!chosen) return redirectWithToast("/workspaces", { color: "error", title: t("workspaces.errors.notFound") });
      const name = chosen.personal ? t("workspaces.personal") : chosen.name;
      return redirectWithToast(landingAfterSwitch(formData.get("redirectTo"), chosen.id), { color: "success", title: t("workspaces.switch.done", { name }) });
    }
    default:
      return replyMessages([t("errors.validationFailed")], 400);
  }
}

export default function WorkspacesPage() {
  const { t } = useTranslation();
  const { workspaces, currentId } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  return (
    <>
      <PageHeader title={t("workspaces.page.title")} description={t("workspaces.page.description")} />
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <WorkspaceList workspaces={workspaces} currentId={currentId} className="lg:col-span-2" />
        <CreateWorkspaceForm reply={reply} />
      </div>
    </>
  );
}
