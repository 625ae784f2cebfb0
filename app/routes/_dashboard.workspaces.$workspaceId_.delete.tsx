import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { resultFor, type FormReply } from "~/modules/forms/reply";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { workspaceParams } from "~/modules/http/params.server";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { deleteWorkspace, deletionPreview } from "~/modules/workspace-removal/delete-workspace.server";
import { deleteWorkspaceFormSchema } from "~/modules/workspaces/schemas";
import type { RouteHandle } from "~/utils/page-title";

// Deleting a workspace, a page of its own: it says what goes with it and asks for the name typed
// again, since nothing brings a workspace back (with or without JavaScript).

export const handle: RouteHandle = { title: "workspaces.delete.title" };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user } = await requireMember(request);
  const { workspaceId } = getPageParams(params, workspaceParams);
  try {
    return await deletionPreview(user.id, workspaceId);
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user } = await requireMember(request);
  const { workspaceId } = getPageParams(params, workspaceParams);
  const { t } = await getRequestT(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: deleteWorkspaceFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    const { workspace } = await deletionPreview(user.id, workspaceId);
    if (submission.value.confirmName.trim() !== workspace.name) {
      return replyInvalid(submission, { fieldErrors: { confirmName: ["workspaces.delete.mismatch"] } });
    }
    await deleteWorkspace(user.id, workspaceId);
    return redirectWithToast("/workspaces", { color: "success", icon: "trash", title: t("workspaces.delete.deleted", { name: workspace.name }) });
  } catch (error) {
    rethrowUnlessAppError(error);
    if (error.code === "not_found") rethrowAsResponse(error);
    return replyWithError(request, submission, error);
  }
}

export default function DeleteWorkspacePage() {
  const { t } = useTranslation();
  const { workspace, channels, posts } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as FormReply | undefined;
  const [form, fields] = useZodForm("workspace-delete", deleteWorkspaceFormSchema, resultFor(reply, null));
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="text-lg leading-tight font-semibold wrap-anywhere">{t("workspaces.delete.heading", { name: workspace.name })}</h1>
        <CardDescription>{t("workspaces.delete.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="list-disc pl-5 text-sm">
          {posts > 0 ? <li>{t("workspaces.delete.posts", { count: posts })}</li> : null}
          {channels > 0 ? <li>{t("workspaces.delete.channels", { count: channels })}</li> : null}
          <li>{t("workspaces.delete.members", { count: workspace.memberCount })}</li>
        </ul>
        <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
          <Field
            label={t("workspaces.delete.typeNameLabel", { name: workspace.name })}
            errors={fields.confirmName.errors}
            inputProps={{ ...getInputProps(fields.confirmName, { type: "text" }), autoComplete: "off", spellCheck: false, autoFocus: true }}
          />
          <FormErrors id={form.errorId} errors={form.errors} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="ghost">
              <Link to={`/workspaces/${workspace.id}`}>{t("common.cancel")}</Link>
            </Button>
            <StatusButton variant="destructive">
              <Trash2 aria-hidden />
              {t("workspaces.delete.confirm")}
            </StatusButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
