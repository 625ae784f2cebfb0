import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { AppError } from "~/modules/errors/app-error";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { isPlatform } from "~/core/platforms/platforms";
import type { FormReply } from "./reply";

// The page actions' one answer shape, FormReply (docs/decisions/0023): success redirects with a
// toast, or (a form whose page stays) replies `status: "success"`; failures reply with the
// error's status, field errors on their fields and anything else as the form's own error.

interface ReplyOptions {
  hideFields?: string[];
  intent?: string | null;
}

function reply(body: FormReply, status: number) {
  return data(body, { status });
}

/**
 * The answer to a submission that failed validation (400), with secrets left out; or, with
 * `fieldErrors`, one the schema accepted but a rule of the service refused (422 by default).
 */
export function replyInvalid<T>(
  submission: Submission<T>,
  { hideFields, intent = null, fieldErrors, status }: ReplyOptions & { fieldErrors?: Record<string, string[]>; status?: number } = {},
) {
  return reply({ intent, result: submission.reply(fieldErrors ? { hideFields, fieldErrors } : { hideFields }) }, status ?? (fieldErrors ? 422 : 400));
}

/** The form succeeded and its page stays where it is (a thanks in place of the form). */
export function replySuccess<T>(submission: Submission<T>, { hideFields, intent = null }: ReplyOptions = {}) {
  return reply({ intent, result: submission.reply({ hideFields }) }, 200);
}

/**
 * Turns a domain failure into the form's answer: field errors stay i18n keys (the form translates
 * them), a form-level message is translated here with its values. The HTTP status is the error's.
 * 'Connect your accounts first' carries the platforms, which the page offers to connect.
 * Forms without a Conform submission (a lone button) pass null.
 */
export async function replyWithError<T>(request: Request, submission: Submission<T> | null, error: AppError, { hideFields, intent = null }: ReplyOptions = {}) {
  if (error.code === "accounts_not_connected") {
    const connect = String(error.options.values?.platforms ?? "")
      .split(",")
      .filter(isPlatform);
    return reply({ intent, result: submission?.reply({ hideFields }) ?? {}, connect }, error.status);
  }
  const { t } = await getRequestT(request);
  const { fields, values } = error.options;
  const fieldErrors = fields ? Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, [key]])) : undefined;
  if (fieldErrors && submission) return reply({ intent, result: submission.reply({ hideFields, fieldErrors }) }, error.status);
  return replyMessages([t(error.messageKey, values)], error.status, { intent, submission, hideFields });
}

/**
 * Messages already in the request's language, as the form's own errors: for answers that are not
 * one error (each refused file of an upload) or forms without a submission.
 */
export function replyMessages<T>(
  messages: string[],
  status: number,
  { hideFields, intent = null, submission }: ReplyOptions & { submission?: Submission<T> | null } = {},
) {
  const result = submission ? submission.reply({ hideFields, formErrors: messages }) : { status: "error" as const, error: { "": messages } };
  return reply({ intent, result }, status);
}
