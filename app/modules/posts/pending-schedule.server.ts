import { createCookie } from "@remix-run/node";
import { z } from "zod";
import { baseCookieOptions } from "~/modules/http/cookie-options.server";
import type { ScheduleChoice } from "./schedule-input";

// "Connect first" on the schedule form: the user asked to schedule, was sent to connect an account,
// and comes back. The choice they confirmed rides along in a signed, short-lived, single-use cookie,
// so the round trip ends with the post scheduled rather than a second Confirm
// (docs/decisions/0063-what-a-new-user-met.md). Only the user's own form sets it (a POST).

const MAX_AGE_SECONDS = 15 * 60;

const pendingSchema = z.object({
  userId: z.string(),
  postId: z.string(),
  choice: z.object({ when: z.enum(["now", "later"]), date: z.string().optional(), time: z.string().optional() }),
});

export type PendingSchedule = z.infer<typeof pendingSchema>;

const pendingCookie = () => createCookie("plume_pending_schedule", { ...baseCookieOptions(), maxAge: MAX_AGE_SECONDS });

/** The Set-Cookie value that remembers a refused choice until the user is back from connecting. */
export function rememberPendingSchedule(userId: string, postId: string, choice: ScheduleChoice): Promise<string> {
  return pendingCookie().serialize({ userId, postId, choice } satisfies PendingSchedule);
}

/** The Set-Cookie value that forgets it. */
export function forgetPendingSchedule(): Promise<string> {
  return pendingCookie().serialize("", { maxAge: 0 });
}

/** The remembered choice for this user's post, if any (signed by us, so it is the user's own). */
export async function readPendingSchedule(request: Request, userId: string, postId: string): Promise<PendingSchedule | null> {
  const parsed = pendingSchema.safeParse(await pendingCookie().parse(request.headers.get("Cookie")));
  return parsed.success && parsed.data.userId === userId && parsed.data.postId === postId ? parsed.data : null;
}
