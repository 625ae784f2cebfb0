import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, redirectDocument, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { QuickComposer } from "~/components/compose/quick-composer";
import { PageHeader } from "~/components/layout/shells";
import { requireMember } from "~/modules/auth/guards.server";
import { AppError, isAppError, rethrowUnlessAppError } from "~/modules/errors/app-error";
import { resultFor } from "~/modules/forms/reply";
import { replyInvalid, replyMessages, replyWithError } from "~/modules/forms/reply.server";
import { postParams } from "~/modules/http/params.server";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { isMultipart, readMultipartUpload } from "~/modules/http/upload.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { logger } from "~/core/logger/logger.server";
import { removeImage } from "~/modules/posts/post-images.server";
import { addComposerImages, composerPage, connectAddress, perAccountEditor, saveQuickDraft } from "~/modules/posts/quick-compose.server";
import { parseQuickIntent } from "~/modules/posts/quick-intents";
import { applyScheduleChoice } from "~/modules/posts/schedule.server";
import { utcToLocalParts } from "~/modules/posts/schedule-time";
import { scheduledToast } from "~/modules/posts/schedule-form.server";
import { quickComposerSchema } from "~/modules/posts/schemas";
import { addToQueueAndReturn } from "~/modules/queue/queue-form.server";
import { queueOffer } from "~/modules/queue/queue.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "nav.write" };

// The one-screen composer (docs/decisions/0065): /compose for a new post, /compose/{id} for a draft.
// "Write a post" leads here once the page runs JavaScript; the wizard (/create) stays for pages without.

function postIdOf(params: LoaderFunctionArgs["params"]): string | null {
  return params.postId === undefined ? null : getPageParams(params, postParams).postId;
}

const composePath = (postId: string, query = "") => `/compose/${postId}${query}`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, actor } = await requireMember(request, "write");
  const postId = postIdOf(params);
  try {
    const page = await composerPage({ actor, timezone: user.timezone }, postId, new URL(request.url).searchParams.get("add"));
    // Accounts that say different things: the per-account editor shows them.
    if (!page && postId) throw redirect(perAccountEditor(postId));
    if (!page) throw new Error("A new post always fits the composer");
    // With a queue, its first free slot for the chosen accounts is the time offered (and "Add to queue" the main button).
    const queue = await queueOffer(actor.workspaceId, page.chosen);
    const slot = queue.next ? utcToLocalParts(queue.next, user.timezone) : page.slot;
    return { ...page, slot, timezone: user.timezone, queue: { slotCount: queue.slotCount, next: queue.next?.toISOString() ?? null } };
  } catch (error) {
    if (error instanceof Response) throw error;
    if (postId && isAppError(error) && error.status === 409) {
      // Published or on its way: its page says so.
      const { t } = await getRequestT(request);
      throw await redirectWithToast(`/posts/${postId}`, { color: "info", title: t(error.messageKey) });
    }
    rethrowAsResponse(error);
  }
}

/**
 * Every button saves the draft first (a new post is made on the first one), then does its own part:
 * schedule, publish, add images, remove one, connect a network, or open the per-account editor.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, sessionId, actor } = await requireMember(request, "write");
  const postId = postIdOf(params);
  const { fields, files } = isMultipart(request) ? await readMultipartUpload(request) : { fields: await request.formData(), files: [] };
  const submission = parseWithZod(fields, { schema: quickComposerSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { t } = await getRequestT(request);
  const intent = parseQuickIntent(submission.value.intent);
  if (!intent) return replyMessages([t("errors.validationFailed")], 400, { submission });
  const removing = intent.kind === "remove-image" ? intent.imageId : null;
  // An image being removed leaves its part with the draft, so no part names it once it is gone.
  const parts = submission.value.parts.map((part) => ({ ...part, imageIds: part.imageIds.filter((id) => id !== removing) }));
  const draft = { channelIds: submission.value.channels, parts };

  if (intent.kind === "upload") {
    if (files.length === 0) return replyMessages([t("create.images.noFile")], 400, { submission });
    try {
      const { postId: id, added, refused } = await addComposerImages(actor, postId, draft, files, submission.value.imagePart ?? 0);
      if (refused.length === 0) return redirectWithToast(composePath(id), { color: "success", title: t("create.images.added", { count: added }) });
      const reasons = refused.map(({ name, error }) => t("create.images.fileError", { name, message: t(error.messageKey, error.options.values) }));
      return redirectWithToast(composePath(id), {
        color: "error",
        title: t("composer.quick.imagesRefused", { count: refused.length }),
        description: reasons.join(" "),
      });
    } catch (error) {
      rethrowUnlessAppError(error);
      return replyWithError(request, submission, formLevel(error));
    }
  }

  let savedId: string;
  try {
    savedId = await saveQuickDraft(actor, postId, draft);
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, formLevel(error));
  }
  try {
    switch (intent.kind) {
      case "save":
        return redirectWithToast(composePath(savedId), { color: "success", title: t("composer.quick.saved") });
      case "customize":
        return redirect(perAccountEditor(savedId));
      case "remove-image":
        await removeImage(actor, savedId, intent.imageId);
        return redirect(composePath(savedId));
      case "connect":
        return redirectDocument(await connectAddress(user, sessionId, intent.network, composePath(savedId, `?add=${intent.network}`), actor.workspaceId));
      case "queue":
        // Refused (no free slot, say), the saved draft stays open in the composer with the reason.
        return await addToQueueAndReturn(request, { actor, timezone: user.timezone }, savedId, `/posts/${savedId}`, composePath(savedId));
      case "schedule":
      case "publish": {
        const { date, time } = submission.value;
        const outcome = await applyScheduleChoice(
          { actor, timezone: user.timezone },
          savedId,
          intent.kind === "publish" ? { when: "now" } : { when: "later", date, time },
        );
        return redirectWithToast(`/posts/${savedId}`, await scheduledToast(request, outcome, user.timezone));
      }
    }
  } catch (error) {
    if (!isAppError(error)) logger.error({ err: error, postId: savedId }, "The composer's action failed after saving");
    const failure = isAppError(error) ? error : new AppError("schedule_failed", "create.schedule.failed");
    // Saved: a new post now has its own address, where the reason is said; a draft's form says it in place.
    if (postId === null) return redirectWithToast(composePath(savedId), { color: "error", title: t(failure.messageKey, failure.options.values) });
    return replyWithError(request, submission, formLevel(failure));
  }
}

/** The service names fields of its own shape (targets.0.parts.1.text): the message, with its values, says which. */
function formLevel(error: AppError): AppError {
  return new AppError(error.code, error.messageKey, { values: error.options.values });
}

export default function ComposePage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader title={t("create.title")} description={t("composer.quick.description")} />
      <QuickComposer key={data.post?.updatedAt ?? "new"} data={data} lastResult={resultFor(reply)} />
    </div>
  );
}
