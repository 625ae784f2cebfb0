import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/guards.server";
import { dismissNotice } from "~/modules/publishing/notify.server";
import { safeRedirect } from "~/utils/redirect";

export async function loader() {
  return redirect("/posts");
}

/** Marks a notice read (only the user's own) and goes back. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  await dismissNotice(user.id, params.noticeId ?? "");
  return redirect(safeRedirect((await request.formData()).get("redirectTo"), "/posts"));
}
