import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLocation, useRouteLoaderData } from "@remix-run/react";
import { StepIndicator } from "~/components/create/step-indicator";
import { isWizardStep, type WizardStep } from "~/modules/posts/wizard-steps";
import { aiAvailability } from "~/modules/ai/ai-access.server";
import { requireMember } from "~/modules/auth/guards.server";
import { connectablePlatforms, listChannelChoices, usablePlatforms } from "~/modules/connections/connection.server";
import { isAppError } from "~/modules/errors/app-error";
import { getPageParams, rethrowAsResponse } from "~/modules/http/route-errors.server";
import { postParams } from "~/modules/http/params.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { getEditablePost } from "~/modules/posts/post.server";
import { toPostView } from "~/modules/posts/post-view.server";
import { redirectWithToast } from "~/modules/toast/toast.server";

export const WIZARD_ROUTE_ID = "routes/_dashboard.create.$postId";

/** Loads the draft every step works on; a post that can no longer change goes to its page. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, actor } = await requireMember(request, "write");
  const { postId } = getPageParams(params, postParams);
  try {
    const post = await getEditablePost(actor, postId);
    const [connected, ai, channels] = await Promise.all([usablePlatforms(actor.workspaceId), aiAvailability(user.id), listChannelChoices(actor.workspaceId)]);
    return { post: toPostView(post), connected, connectable: connectablePlatforms(connected), channels, ai, timezone: user.timezone };
  } catch (error) {
    if (!isAppError(error) || error.status !== 409) rethrowAsResponse(error);
    const { t } = await getRequestT(request);
    throw await redirectWithToast(`/posts/${postId}`, { color: "info", title: t(error.messageKey) });
  }
}

export function useWizardData() {
  const data = useRouteLoaderData<typeof loader>(WIZARD_ROUTE_ID);
  if (!data) throw new Error("useWizardData must be used inside the create wizard");
  return data;
}

export default function WizardLayout() {
  const { post } = useWizardData();
  const { pathname } = useLocation();
  const segment = pathname.split("/").pop();
  const current: WizardStep = isWizardStep(segment) ? segment : "platforms";
  // A post being edited after the wizard (composeStep null) may visit any step.
  const reached: WizardStep = isWizardStep(post.composeStep) ? post.composeStep : "schedule";
  return (
    <>
      <StepIndicator current={current} postId={post.id} reached={reached} />
      <Outlet />
    </>
  );
}
