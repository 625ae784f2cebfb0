import { parseNetworks } from "~/core/platforms/platforms";
import { type Acting, requireCan } from "~/modules/workspaces/owner";
import { accessEndsBefore, type AccessEnd } from "~/modules/connections/reconnect.server";
import { publishNow, schedulePost } from "./post.server";
import { resolveScheduleChoice, type ScheduleChoice } from "./schedule-input";

export type ScheduleOutcome =
  | { now: true }
  | {
      now: false;
      at: Date;
      /** The local time happens twice (autumn): the first one was taken, at this UTC offset. */
      ambiguous: boolean;
      offset: string;
      /** When access to a network the post goes to ends before the post is due (a token that is not refreshed). */
      accessEnds: AccessEnd | null;
    };

/**
 * The schedule form's choice, applied: publish now, or at a time typed in the user's time zone.
 * Every platform rule is checked first (an AppError says which one refused).
 */
export async function applyScheduleChoice(who: Acting, postId: string, choice: ScheduleChoice): Promise<ScheduleOutcome> {
  const actor = requireCan(who.actor, "publish");
  const resolved = resolveScheduleChoice(choice, who.timezone);
  if (resolved.now) {
    await publishNow(actor, postId);
    return { now: true };
  }
  const post = await schedulePost(actor, postId, resolved.at);
  return { ...resolved, accessEnds: await accessEndsBefore(actor.workspaceId, resolved.at, parseNetworks(post.platforms)) };
}
