import { parseWithZod } from "@conform-to/zod/v4";
import type { ActorRef } from "~/modules/workspaces/owner";
import { redirect, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { ChannelsForm } from "~/components/create/channels-form";
import { PlatformsForm } from "~/components/create/platforms-form";
import { stepPath } from "~/modules/posts/wizard-steps";
import { requireMember } from "~/modules/auth/guards.server";
import { startConnect } from "~/modules/connections/oauth.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams } from "~/modules/http/route-errors.server";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { postParams } from "~/modules/http/params.server";
import { chooseChannels, saveStep } from "~/modules/posts/compose.server";
import { channelsFormSchema, chosenPlatforms, platformsFormSchema } from "~/modules/posts/schemas";
import { composesByChannel } from "~/modules/posts/composer";
import { useWizardData } from "./_dashboard.create.$postId";

/** The platforms of a draft; a "Connect" button saves them, connects, and comes back here. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, sessionId, actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  const formData = await request.formData();
  if (formData.get("intent") === "accounts") return accountsAction(request, actor, postId, formData);
  const submission = parseWithZod(formData, { schema: platformsFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { connect } = submission.value;
  try {
    await saveStep(actor, postId, connect ? "platforms" : "method", { platforms: chosenPlatforms(submission.value) });
    if (connect)
      return redirectDocument(await startConnect(user, sessionId, connect, { returnTo: stepPath(postId, "platforms"), workspaceId: actor.workspaceId }));
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
  return redirect(stepPath(postId, "method"));
}

/** With several accounts on a network, the step chooses accounts (channels) instead of networks. */
async function accountsAction(request: Request, by: ActorRef, postId: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: channelsFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    await chooseChannels(by, postId, submission.value.channels);
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
  return redirect(stepPath(postId, "method"));
}

export default function PlatformsStep() {
  const { post, connected, connectable, channels } = useWizardData();
  const lastResult = useActionData<typeof action>()?.result;
  if (composesByChannel(channels)) {
    const chosen = post.targets.flatMap((target) => (target.channelId ? [target.channelId] : []));
    return <ChannelsForm lastResult={lastResult} chosen={chosen} channels={channels} />;
  }
  return <PlatformsForm lastResult={lastResult} chosen={post.platforms} connected={connected} connectable={connectable} />;
}
