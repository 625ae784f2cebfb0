import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireMember } from "~/modules/auth/guards.server";
import { postParams } from "~/modules/http/params.server";
import { safeRedirect } from "~/modules/http/redirect";
import { getPageParams } from "~/modules/http/route-errors.server";
import { addToQueueAndReturn } from "~/modules/queue/queue-form.server";

// "Add to queue": a button (a form) on the post's page and in the posts list posts here.

export async function loader({ params }: LoaderFunctionArgs) {
  const { postId } = getPageParams(params, postParams);
  return redirect(`/posts/${postId}`);
}

/** Schedules the post at its queue's first free slot, then back where the button was, with a toast. */
export async function action({ request, params }: ActionFunctionArgs) {
  const { user, actor } = await requireMember(request, "publish");
  const { postId } = getPageParams(params, postParams);
  const back = safeRedirect((await request.formData()).get("redirectTo"), `/posts/${postId}`);
  return addToQueueAndReturn(request, { actor, timezone: user.timezone }, postId, back);
}
