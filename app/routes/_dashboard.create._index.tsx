import { parseWithZod } from "@conform-to/zod/v4";
import type { ActorRef } from "~/modules/workspaces/owner";
import { redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ChannelsForm } from "~/components/create/channels-form";
import { PlatformsForm } from "~/components/create/platforms-form";
import { StepIndicator } from "~/components/create/step-indicator";
import { isWizardStep, stepPath } from "~/modules/posts/wizard-steps";
import { Button } from "~/components/ui/button";
import { requireMember } from "~/modules/auth/guards.server";
import { connectablePlatforms, listChannelChoices, usablePlatforms } from "~/modules/connections/connection.server";
import { startConnect } from "~/modules/connections/oauth.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { composesByChannel } from "~/modules/posts/composer";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { latestComposingPost } from "~/modules/posts/post.server";
import { startWizardDraft, startWizardDraftForAccounts } from "~/modules/posts/wizard-draft.server";
import { channelsFormSchema, chosenPlatforms, platformsFormSchema } from "~/modules/posts/schemas";
import { wizardDefaults } from "~/modules/posts/wizard-defaults.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import { useFormatDate } from "~/utils/use-format-date";

export async function loader({ request }: LoaderFunctionArgs) {
  const { actor } = await requireMember(request, "write");
  const [connected, unfinished, defaults, channels] = await Promise.all([
    usablePlatforms(actor.workspaceId),
    latestComposingPost(actor),
    wizardDefaults(actor),
    listChannelChoices(actor.workspaceId),
  ]);
  // With several accounts on a network, the step picks accounts: ticked, the first of each usual network.
  const chosenChannels = defaults.platforms.flatMap((platform) => channels.find((channel) => channel.network === platform)?.id ?? []);
  return { connected, connectable: connectablePlatforms(connected), unfinished, chosen: defaults.platforms, channels, chosenChannels };
}

/**
 * Step 1 of a new post: the platforms. The draft exists on the server from here on, with the
 * remembered method. A "Connect" button saves the draft first and comes back to it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { user, sessionId, actor } = await requireMember(request, "write");
  const formData = await request.formData();
  if (formData.get("intent") === "accounts") return newPostForAccounts(request, actor, formData);
  const submission = parseWithZod(formData, { schema: platformsFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { connect } = submission.value;
  const { method } = await wizardDefaults(actor);
  const post = await startWizardDraft(actor, { platforms: chosenPlatforms(submission.value), source: method, composeStep: connect ? "platforms" : "method" });
  if (!connect) return redirect(stepPath(post.id, "method"));
  const returnTo = stepPath(post.id, "platforms");
  try {
    return redirectDocument(await startConnect(user, sessionId, connect, { returnTo, workspaceId: actor.workspaceId }));
  } catch (error) {
    rethrowUnlessAppError(error);
    // The draft now has its own page: the refusal is said there.
    const { t } = await getRequestT(request);
    return redirectWithToast(returnTo, { color: "error", title: t(error.messageKey, error.options.values) });
  }
}

/** A new post on the chosen accounts (the first step once a network has several). */
async function newPostForAccounts(request: Request, by: ActorRef, formData: FormData) {
  const submission = parseWithZod(formData, { schema: channelsFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { method } = await wizardDefaults(by);
  try {
    const post = await startWizardDraftForAccounts(by, submission.value.channels, method);
    return redirect(stepPath(post.id, "method"));
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
}

export default function NewPostPage() {
  const { t } = useTranslation();
  const { connected, connectable, unfinished, chosen, channels, chosenChannels } = useLoaderData<typeof loader>();
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
      {composesByChannel(channels) ? (
        <ChannelsForm lastResult={lastResult} chosen={chosenChannels} channels={channels} />
      ) : (
        <PlatformsForm lastResult={lastResult} chosen={chosen} connected={connected} connectable={connectable} />
      )}
    </>
  );
}
