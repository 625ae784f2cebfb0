import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/utils/cn";
import { Input } from "./input";
import { Label } from "./label";
import { MessageText } from "./message-text";
import { Textarea } from "./textarea";
import type { TranslationKey } from "~/modules/i18n/keys";

/**
 * Errors are i18n keys from the shared schemas (or messages the server already translated):
 * each is translated here, in the page's language. A path such as /pricing at the end of a
 * message (the plan limits) is a link.
 */
export function ErrorList({ id, errors, className }: { id?: string; errors?: string[] | null; className?: string }) {
  const { t, i18n } = useTranslation();
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <ul id={id} className={cn("flex flex-col gap-1 text-sm text-error", className)}>
      {list.map((error) => (
        <li key={error}>
          <MessageText text={i18n.exists(error) ? t(error as TranslationKey) : error} />
        </li>
      ))}
    </ul>
  );
}

/** A form's own errors (not tied to one field), in a tinted box. */
export function FormErrors({ id, errors }: { id?: string; errors?: string[] | null }) {
  return <ErrorList id={id} errors={errors} className="rounded-md bg-error/10 p-3" />;
}

interface FrameProps {
  id: string;
  label: ReactNode;
  errors?: string[];
  hint?: ReactNode;
  labelAside?: ReactNode;
  className?: string;
  /** Ids of other elements that describe the control (a warning, a counter). */
  describedBy?: string[];
  control: (aria: { "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}

/**
 * Label, control, hint and errors, tied together for assistive technology: every field's frame. Its
 * aria attributes win over the ones Conform's helpers give, which name an error element of their own.
 */
function FieldFrame({ id, label, errors, hint, labelAside, className, describedBy = [], control }: FrameProps) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {labelAside}
      </div>
      {control({
        "aria-invalid": errorId ? true : undefined,
        "aria-describedby": [...describedBy, hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

type FieldFrameProps = Omit<FrameProps, "id" | "control">;

export function Field({ inputProps, ...frame }: FieldFrameProps & { inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | null } }) {
  const fallbackId = useId();
  const { key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  return <FieldFrame id={id} {...frame} control={(aria) => <Input key={key ?? undefined} {...props} id={id} {...aria} />} />;
}

/** Field for several lines of text (Conform's getTextareaProps). */
export function TextareaField({
  textareaProps,
  ...frame
}: FieldFrameProps & { textareaProps: TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string | null } }) {
  const fallbackId = useId();
  const { key, ...props } = textareaProps;
  const id = props.id ?? fallbackId;
  return <FieldFrame id={id} {...frame} control={(aria) => <Textarea key={key ?? undefined} {...props} id={id} {...aria} />} />;
}

interface CheckboxFieldProps {
  label: ReactNode;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { key?: string | null };
  errors?: string[];
}

/** A native checkbox: it posts with the form even without JavaScript. */
export function CheckboxField({ label, inputProps, errors }: CheckboxFieldProps) {
  const fallbackId = useId();
  const { key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-start gap-2">
        <input
          key={key ?? undefined}
          id={id}
          type="checkbox"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-input accent-primary"
          {...props}
        />
        <label htmlFor={id} className="text-sm leading-snug">
          {label}
        </label>
      </div>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
