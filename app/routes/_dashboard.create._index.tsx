import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlatformsForm } from "~/components/create/platforms-form";
import { StepIndicator } from "~/components/create/step-indicator";
import { isWizardStep, stepPath } from "~/modules/posts/wizard-steps";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/guards.server";
import { usablePlatforms } from "~/modules/connections/connection.server";
import { replyInvalid } from "~/modules/forms/reply.server";
import { createPost, latestComposingPost } from "~/modules/posts/post.server";
import { platformsFormSchema } from "~/modules/posts/schemas";
import { useFormatDate } from "~/utils/use-format-date";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [connected, unfinished] = await Promise.all([usablePlatforms(user.id), latestComposingPost(user.id)]);
  return { connected, unfinished };
}

/** Step 1 of a new post: the platforms. The draft exists on the server from here on. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await request.formData(), { schema: platformsFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const post = await createPost(user.id, { platforms: submission.value.platforms, composeStep: "method" });
  return redirect(stepPath(post.id, "method"));
}

export default function NewPostPage() {
  const { t } = useTranslation();
  const { connected, unfinished } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>()?.result;
  const formatDate = useFormatDate();
  return (
    <>
      <StepIndicator current="platforms" postId={null} reached="platforms" />
      {unfinished ? (
        <div className="mb-6 flex flex-col gap-3 rounded-xl border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm">
            {t("create.resume.text", { date: formatDate(unfinished.updatedAt) })}
            {unfinished.linkedinText || unfinished.twitterText ? (
              <span className="mt-1 block truncate text-muted-foreground">“{(unfinished.linkedinText || unfinished.twitterText).slice(0, 120)}”</span>
            ) : null}
          </p>
          <Button asChild variant="outline" size="sm">
            <Link to={stepPath(unfinished.id, isWizardStep(unfinished.composeStep) ? unfinished.composeStep : "review")}>{t("create.resume.action")}</Link>
          </Button>
        </div>
      ) : null}
      <PlatformsForm lastResult={lastResult} connected={connected} />
    </>
  );
}
