import type { TranslationKey, TranslationValues } from "~/modules/i18n/keys";
import { ERROR_STATUS, type ErrorCode } from "./codes";

/** One row of an uploaded file that cannot be taken: its line in the file (the header is line 1). */
export interface RowProblem {
  line: number;
  messageKey: TranslationKey;
  values?: TranslationValues;
}

/**
 * An expected failure of a domain operation, said once: a stable code for the API (its HTTP status
 * comes with it, from codes.ts), and an i18n key (with values) for the message. Routes turn it
 * into a form error or an API error; anything else thrown is a bug and becomes a 500.
 */
export class AppError extends Error {
  public readonly status: number;

  constructor(
    public readonly code: ErrorCode,
    public readonly messageKey: TranslationKey,
    public readonly options: {
      values?: TranslationValues;
      /** Field name → the key of its message. */
      fields?: Record<string, TranslationKey>;
      /** A file's rows at fault (an import): the file's line number, and the key (with values) of its message. */
      rows?: RowProblem[];
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(`${code}: ${messageKey}`);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** In a catch: lets an expected failure through to be answered, and rethrows anything else (a bug). */
export function rethrowUnlessAppError(error: unknown): asserts error is AppError {
  if (!isAppError(error)) throw error;
}
