import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ImageList } from "~/components/create/image-list";
import { ImageUploadForm } from "~/components/create/image-upload-form";
import { StepCard } from "~/components/create/step-card";
import { stepPath } from "~/modules/posts/wizard-steps";
import { StatusButton } from "~/components/ui/status-button";
import { requireUser } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams } from "~/modules/errors/route-errors.server";
import { postParams } from "~/modules/http/params.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { isMultipart } from "~/modules/media/upload.server";
import { saveStep } from "~/modules/posts/compose.server";
import { changeImage, uploadImages } from "~/modules/posts/image-actions.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { useWizardData } from "./_dashboard.create.$postId";

/** Step 5: up to 4 images, each with its alt text, in the order they will appear. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { postId } = getPageParams(params, postParams);
  const here = stepPath(postId, "images");
  const { t } = await getRequestT(request);
  let outcome;
  if (isMultipart(request)) {
    outcome = await uploadImages(request, user.id, postId, t);
  } else {
    const form = await request.formData();
    if (form.get("intent") === "continue") {
      try {
        await saveStep(user.id, postId, "schedule");
      } catch (error) {
        rethrowUnlessAppError(error);
        return data({ errors: [t(error.messageKey, error.options.values)] }, { status: error.status });
      }
      return redirect(stepPath(postId, "schedule"));
    }
    outcome = await changeImage(form, user.id, postId, t);
  }
  // Some files may have been added beside the refused ones: a 200 lets the page reload its list.
  if (outcome.errors.length) return data({ errors: outcome.errors }, { status: outcome.added ? 200 : outcome.status });
  return outcome.added ? redirectWithToast(here, { type: "success", title: t("create.images.added", { count: outcome.added }) }) : redirect(here);
}

export default function ImagesStep() {
  const { t } = useTranslation();
  const { post } = useWizardData();
  const errors = useActionData<typeof action>()?.errors;
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
      <ImageUploadForm key={post.images.length} count={post.images.length} errors={errors} />
      <ImageList postId={post.id} images={post.images} />
    </StepCard>
  );
}
