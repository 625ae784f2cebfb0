import { getFormProps, getTextareaProps } from "@conform-to/react";
import type { ActorRef } from "~/modules/workspaces/owner";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useSearchParams } from "@remix-run/react";
import { ArrowRight, Copy, ListOrdered } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PartsEditor } from "~/components/create/parts-editor";
import { StepCard } from "~/components/create/step-card";
import { stepPath } from "~/modules/posts/wizard-steps";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { TargetPreview } from "~/components/posts/target-previews";
import { TextCounter } from "~/components/posts/text-counter";
import { Button } from "~/components/ui/button";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams } from "~/modules/http/route-errors.server";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { postParams } from "~/modules/http/params.server";
import { saveComposer, saveReview } from "~/modules/posts/compose.server";
import { composesByChannel, formFieldName, parseComposerIntent, type ComposerIntent } from "~/modules/posts/composer";
import { getRequestT } from "~/modules/i18n/i18n.server";
import type { Platform } from "~/core/platforms/platforms";
import { partsFormSchema, reviewFormSchema } from "~/modules/posts/schemas";
import type { PostView } from "~/modules/posts/post-view.server";
import { useHydrated } from "~/utils/use-hydrated";
import { useWizardData } from "./_dashboard.create.$postId";

const fieldOf = { linkedin: "linkedinText", twitter: "twitterText" } as const;

/** Where the composer comes back to after a button of its own. */
const COMPOSER_QUERY = "?editor=parts";

/** The composer's answer: the targets saved, then back to it, on to the images, or its problems. */
async function composerAction(request: Request, by: ActorRef, postId: string, formData: FormData, intent: ComposerIntent) {
  const submission = parseWithZod(formData, { schema: partsFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    const { next, problem } = await saveComposer(by, postId, submission.value.targets, intent);
    if (problem) {
      // Each part at fault marked on its field; the message, with its values, names the first.
      const { t } = await getRequestT(request);
      const fieldErrors = Object.fromEntries(Object.entries(problem.options.fields ?? {}).map(([key, message]) => [formFieldName(key), [message]]));
      return replyInvalid(submission, { fieldErrors: { ...fieldErrors, "": [t(problem.messageKey, problem.options.values)] } });
    }
    return redirect(next === "review" ? `${stepPath(postId, "review")}${COMPOSER_QUERY}` : stepPath(postId, next));
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
}

/**
 * The composer shows when asked for, or once a post needs it (a thread, a first comment, two accounts
 * on a network, a network the version 1 fields cannot name).
 */
function needsComposer(post: PostView): boolean {
  return post.targets.some((target) => target.parts.length > 1) || composesByChannel(post.targets);
}

/**
 * Step 4: each platform's own text. The texts are always saved (nothing typed is lost); moving on
 * needs every chosen platform's text to be there and within its limit.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const composerIntent = parseComposerIntent(intent);
  if (composerIntent) return composerAction(request, actor, postId, formData, composerIntent);
  const submission = parseWithZod(formData, { schema: reviewFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    const { next, problems } = await saveReview(
      actor,
      postId,
      submission.value,
      intent === "copyToTwitter" || intent === "copyToLinkedin" ? intent : "continue",
    );
    const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [key]]));
    if (Object.keys(fieldErrors).length) return replyInvalid(submission, { fieldErrors });
    return redirect(stepPath(postId, next));
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
}

export default function ReviewStep() {
  const { post } = useWizardData();
  const [searchParams] = useSearchParams();
  const lastResult = useActionData<typeof action>()?.result;
  if (searchParams.get("editor") === "parts" || needsComposer(post)) {
    // Keyed by the saved version: after a button, the form starts again from what was saved.
    return <PartsEditor key={post.updatedAt} post={post} lastResult={lastResult} />;
  }
  return <LegacyReview post={post} lastResult={lastResult} />;
}

/** One text per network (the version 1 form), with a way into the composer. */
function LegacyReview({ post, lastResult }: { post: PostView; lastResult: Parameters<typeof useZodForm>[2] }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  // The preview shows the account the post goes out from (its first on that network), never Plume's user.
  const channelOf = (platform: Platform) => post.targets.find((target) => target.network === platform)?.channel ?? null;
  const [form, fields] = useZodForm("review", reviewFormSchema, lastResult, {
    defaultValue: { linkedinText: post.linkedinText, twitterText: post.twitterText },
  });
  const textOf = (platform: Platform) => (fields[fieldOf[platform]].value as string | undefined) ?? post[fieldOf[platform]];
  const both = post.platforms.length === 2;

  const copy = (from: Platform, to: Platform) => (event: React.MouseEvent) => {
    if (!hydrated) return; // no JavaScript: the button posts and the server copies
    event.preventDefault();
    form.update({ name: fields[fieldOf[to]].name, value: textOf(from) });
  };

  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("create.review.title")}
        description={t("create.review.description")}
        backTo={stepPath(post.id, "content")}
        actions={
          <StatusButton name="intent" value="continue">
            {t("create.next")}
            <ArrowRight aria-hidden />
          </StatusButton>
        }
      >
        {post.platforms.map((platform) => {
          const field = fields[fieldOf[platform]];
          const other: Platform = platform === "linkedin" ? "twitter" : "linkedin";
          return (
            <div key={platform} className="grid grid-cols-1 gap-4 lg:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={field.id} className="flex items-center gap-2">
                  <PlatformIcon platform={platform} />
                  {t("create.review.textFor", { platform: t(`platforms.${platform}`) })}
                </Label>
                <Textarea {...getTextareaProps(field)} key={field.key} rows={platform === "linkedin" ? 12 : 6} aria-describedby={`${platform}-counter`} />
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <TextCounter platform={platform} text={textOf(platform)} id={`${platform}-counter`} />
                  {both ? (
                    <Button
                      type="submit"
                      name="intent"
                      value={platform === "linkedin" ? "copyToTwitter" : "copyToLinkedin"}
                      variant="ghost"
                      size="sm"
                      onClick={copy(platform, other)}
                    >
                      <Copy aria-hidden />
                      {t("create.review.copyTo", { platform: t(`platforms.${other}`) })}
                    </Button>
                  ) : null}
                </div>
                <ErrorList id={field.errorId} errors={field.errors} />
              </div>
              <div className="flex flex-col gap-2">
                <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("create.review.preview")}</span>
                <TargetPreview target={{ network: platform, channel: channelOf(platform), parts: [{ text: textOf(platform), images: post.images }] }} />
              </div>
            </div>
          );
        })}
        <FormErrors id={form.errorId} errors={form.errors} />
        <p className="flex flex-wrap items-center gap-2 border-t pt-4 text-sm text-muted-foreground">
          <ListOrdered aria-hidden className="size-4" />
          {t("composer.openHint")}
          <Link to={COMPOSER_QUERY} className="font-medium text-primary hover:underline">
            {t("composer.open")}
          </Link>
        </p>
      </StepCard>
    </Form>
  );
}
