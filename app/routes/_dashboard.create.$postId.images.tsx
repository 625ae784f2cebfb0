import { parseWithZod } from "@conform-to/zod/v4";
import type { ActorRef } from "~/modules/workspaces/owner";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { altTextIntent, ImageList } from "~/components/create/image-list";
import { ImageUploadForm } from "~/components/create/image-upload-form";
import { StepCard } from "~/components/create/step-card";
import { StatusButton } from "~/components/ui/status-button";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams } from "~/modules/http/route-errors.server";
import { formErrorsOf } from "~/modules/forms/reply";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import { postParams } from "~/modules/http/params.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { isMultipart, readMultipartUpload } from "~/modules/http/upload.server";
import { saveStep } from "~/modules/posts/compose.server";
import { addImages, changeImage } from "~/modules/posts/post-images.server";
import { imageStepSchema, imageUploadFieldsSchema } from "~/modules/posts/schemas";
import { stepPath } from "~/modules/posts/wizard-steps";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { useWizardData } from "./_dashboard.create.$postId";
import { isTranslationKey } from "~/modules/i18n/resources";

/** Step 5: up to 4 images, each with its alt text, in the order they will appear. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  if (isMultipart(request)) return upload(request, actor, postId);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: imageStepSchema });
  const intent = formData.get("intent") === "altText" ? altTextIntent(String(formData.get("imageId"))) : null;
  if (submission.status !== "success") {
    if (intent) return replyInvalid(submission, { intent });
    const { t } = await getRequestT(request);
    return replyMessages([t("errors.validationFailed")], 400);
  }
  const change = submission.value;
  try {
    if (change.intent === "continue") {
      await saveStep(actor, postId, "schedule");
      return redirect(stepPath(postId, "schedule"));
    }
    await changeImage(actor, postId, change);
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, intent ? submission : null, error, { intent });
  }
  return redirect(stepPath(postId, "images"));
}

/** Adds every file that passes the rules; each refused one is named with its reason. */
async function upload(request: Request, by: ActorRef, postId: string) {
  const { fields, files } = await readMultipartUpload(request);
  const { t } = await getRequestT(request);
  const submission = parseWithZod(fields, { schema: imageUploadFieldsSchema });
  if (submission.status !== "success")
    return replyMessages(
      Object.values(submission.error ?? {}).flatMap((keys) => (keys ?? []).map((key) => (isTranslationKey(key) ? t(key) : key))),
      400,
    );
  if (files.length === 0) return replyMessages([t("create.images.noFile")], 400);
  const { added, refused } = await addImages(by, postId, files, submission.value.altText);
  if (refused.length) {
    const messages = refused.map(({ name, error }) => t("create.images.fileError", { name, message: t(error.messageKey, error.options.values) }));
    // Some files may have been added beside the refused ones: a 200 lets the page reload its list.
    return replyMessages(messages, added ? 200 : Math.max(...refused.map(({ error }) => error.status)));
  }
  return redirectWithToast(stepPath(postId, "images"), { color: "success", title: t("create.images.added", { count: added }) });
}

export default function ImagesStep() {
  const { t } = useTranslation();
  const { post } = useWizardData();
  const reply = useActionData<typeof action>();
  return (
    <StepCard
      title={t("create.images.title")}
      description={t("create.images.description")}
      backTo={stepPath(post.id, "review")}
      actions={
        <Form method="post">
          <StatusButton name="intent" value="continue" className="w-full sm:w-auto">
            {post.images.length ? t("create.next") : t("create.images.skip")}
            <ArrowRight aria-hidden />
          </StatusButton>
        </Form>
      }
    >
      <ImageUploadForm key={post.images.length} count={post.images.length} errors={formErrorsOf(reply)} />
      <ImageList images={post.images} reply={reply} />
    </StepCard>
  );
}
