import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireUser } from "~/modules/auth/guards.server";
import { getPageParams } from "~/modules/http/route-errors.server";
import { recordIdParam } from "~/modules/http/params.server";
import { dismissNotice } from "~/modules/publishing/notify.server";
import { safeRedirect } from "~/modules/http/redirect";

const noticeParams = z.object({ noticeId: recordIdParam() });

export async function loader() {
  return redirect("/posts");
}

/** Marks a notice read (only the user's own) and goes back. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const { noticeId } = getPageParams(params, noticeParams);
  await dismissNotice(user.id, noticeId);
  return redirect(safeRedirect((await request.formData()).get("redirectTo"), "/posts"));
}
