import type { Submission } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { AppError } from "~/modules/errors/app-error";
import { getRequestT } from "~/modules/i18n/i18n.server";

// Every form action answers `{ intent, result }`: `result` is Conform's reply for the form whose
// `intent` was submitted (pages with several forms give each only its own result).

interface ReplyOptions {
  hideFields?: string[];
  intent?: string;
}

/** The answer to a submission that failed validation (400), with secrets left out. */
export function replyInvalid<T>(submission: Submission<T>, { hideFields, intent }: ReplyOptions = {}) {
  return data({ intent, result: submission.reply({ hideFields }) }, { status: 400 });
}

/**
 * Turns a domain failure into the form's answer: field errors stay i18n keys (the form translates
 * them), a form-level message is translated here with its values. The HTTP status is the error's.
 */
export async function replyWithError<T>(request: Request, submission: Submission<T>, error: AppError, { hideFields, intent }: ReplyOptions = {}) {
  const { t } = await getRequestT(request);
  const { fields, values } = error.options;
  const fieldErrors = fields ? Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, [key]])) : undefined;
  const result = submission.reply({
    hideFields,
    ...(fieldErrors ? { fieldErrors } : { formErrors: [t(error.messageKey, values)] }),
  });
  return data({ intent, result }, { status: error.status });
}
