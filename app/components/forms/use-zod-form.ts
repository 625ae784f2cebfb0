import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/**
 * The one way a page builds a form: Conform validates with the same Zod schema as the server.
 * Errors appear on submit, then follow each keystroke. Validating on blur is avoided on purpose:
 * an error appearing as the user leaves a field pushes the submit button down under the pointer,
 * and the click that caused the blur is lost.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  id: string,
  schema: S,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
