import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { AiPromptForm } from "~/components/create/ai-prompt-form";
import { ManualContentForm } from "~/components/create/manual-content-form";
import { stepPath } from "~/modules/posts/wizard-steps";
import { requireMember } from "~/modules/auth/guards.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { postParams } from "~/modules/http/params.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { composeWithAi } from "~/modules/posts/ai-compose.server";
import { saveWrittenText } from "~/modules/posts/compose.server";
import { getEditablePost } from "~/modules/posts/post.server";
import { aiPromptSchema, manualContentSchema } from "~/modules/posts/schemas";
import { useWizardData } from "./_dashboard.create.$postId";

/** Step 3: the text written by hand, or the prompt the AI drafts both texts from. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  const formData = await request.formData();
  const post = await getEditablePost(actor, postId).catch(rethrowAsResponse);

  if (post.source === "ai") {
    const submission = parseWithZod(formData, { schema: aiPromptSchema });
    if (submission.status !== "success") return replyInvalid(submission);
    try {
      await composeWithAi(actor, postId, submission.value, await getLocale(request));
    } catch (error) {
      rethrowUnlessAppError(error);
      return replyWithError(request, submission, error);
    }
    return redirect(stepPath(postId, "review"));
  }

  const submission = parseWithZod(formData, { schema: manualContentSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  try {
    await saveWrittenText(actor, postId, submission.value.text);
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error);
  }
  return redirect(stepPath(postId, "review"));
}

export default function ContentStep() {
  const { post } = useWizardData();
  const lastResult = useActionData<typeof action>()?.result;
  return post.source === "ai" ? <AiPromptForm post={post} lastResult={lastResult} /> : <ManualContentForm post={post} lastResult={lastResult} />;
}
