import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import type { z } from "zod";

interface Options {
  /** Initial values; typed loosely because preprocessed fields (checkbox groups) have unknown input. */
  defaultValue?: Record<string, unknown>;
  /** Runs only when the form is valid; call event.preventDefault() to take over the submission. */
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: { formData: FormData }) => void;
}

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
  { defaultValue, onSubmit }: Options = {},
) {
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue: defaultValue as DefaultValue<z.input<S>> | undefined,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onSubmit,
  });
}
