import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddPagesForm } from "~/components/profile/add-pages-form";
import { logger } from "~/core/logger/logger.server";
import { requireMember } from "~/modules/auth/guards.server";
import { addMemberPages, listMemberPages } from "~/modules/connections/pages.server";
import { addPagesFormSchema } from "~/modules/connections/schemas";
import { AppError, isAppError } from "~/modules/errors/app-error";
import { replyInvalid, replyWithError } from "~/modules/forms/reply.server";
import { resultFor } from "~/modules/forms/reply";
import { channelParams } from "~/modules/http/params.server";
import { safeRedirect } from "~/modules/http/redirect";
import { getPageParams, notFoundPage } from "~/modules/http/route-errors.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "profile.pages.title" };

// "Add pages": the pages a connected member administers, each addable as its own channel
// (docs/decisions/0058). Shown after connecting a member whose token has the page scopes, and from
// the profile. A plain POST form of checkboxes: works without JavaScript.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { actor } = await requireMember(request, "manage");
  const { channelId } = getPageParams(params, channelParams);
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"), "/profile#connections");
  try {
    return { ...(await listMemberPages(actor, channelId)), returnTo, problem: null };
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFoundPage();
    if (!isAppError(error)) throw error;
    const { t } = await getRequestT(request);
    // Said on the page (no pages, or the network could not be read): the user goes on from there.
    return { member: null, pages: [], returnTo, problem: t(error.messageKey, error.options.values) };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, actor } = await requireMember(request, "manage");
  const { channelId } = getPageParams(params, channelParams);
  const submission = parseWithZod(await request.formData(), { schema: addPagesFormSchema });
  if (submission.status !== "success") return replyInvalid(submission);
  const { t } = await getRequestT(request);
  try {
    const { added } = await addMemberPages(actor, channelId, submission.value.pages);
    return redirectWithToast(safeRedirect(submission.value.returnTo, "/profile#connections"), {
      color: "success",
      title: t("connections.pages.added", { count: added.length }),
      description: added.map((page) => page.displayName).join(", "),
    });
  } catch (error) {
    if (isAppError(error) && error.code === "not_found") notFoundPage();
    if (!isAppError(error)) logger.error({ err: error, userId: user.id, channelId }, "Adding pages failed");
    return replyWithError(request, submission, isAppError(error) ? error : new AppError("connect_failed", "connections.pages.listFailed"));
  }
}

export default function AddPagesPage() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  return <AddPagesForm member={data.member} pages={data.pages} returnTo={data.returnTo} problem={data.problem} lastResult={resultFor(reply)} />;
}
