import type { SubmissionResult } from "@conform-to/react";
import type { Platform } from "~/core/platforms/platforms";

/**
 * What every page action answers when it does not redirect (docs/decisions/0023): Conform's reply
 * for the form that was sent, plus the one extra a form may need, the platforms to connect first.
 */
export interface FormReply {
  /** Which of the page's forms answered; null on pages with a single form. */
  intent: string | null;
  /** Field errors (i18n keys), form errors (translated), or `status: "success"` for in-place success. */
  result: SubmissionResult<string[]>;
  /** Set when the answer is 'Please connect your accounts first': the platforms to connect. */
  connect?: Platform[];
}

/** The reply's result when it answers the form with this intent (pages with several forms). */
export function resultFor(reply: FormReply | undefined, intent: string | null = null) {
  return reply && reply.intent === intent ? reply.result : undefined;
}

/** Form-level errors of a reply, for forms that are not Conform forms (a lone button). */
export function formErrorsOf(reply: FormReply | undefined, intent: string | null = null) {
  return resultFor(reply, intent)?.error?.[""] ?? undefined;
}

/** True when the form with this intent succeeded and the page stays (a thanks in place). */
export function succeeded(reply: FormReply | undefined, intent: string | null = null) {
  return resultFor(reply, intent)?.status === "success";
}
