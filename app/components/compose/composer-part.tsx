import type { getTextareaProps } from "@conform-to/react";
import { X } from "lucide-react";
import { useState, type ClipboardEvent, type DragEvent, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import type { NetworkId } from "~/core/platforms/platforms";
import type { ChannelLimits } from "~/modules/networks/rules";
import { limitsOf, textLength } from "~/modules/posts/target-rules";
import { cn } from "~/utils/cn";

export interface PartImage {
  id: string;
  url: string;
  altText: string;
}

/** What the part needs of its Conform fields: the text field's props and state, and where its image ids go. */
export interface PartFields {
  textarea: ReturnType<typeof getTextareaProps> & { key?: string | null };
  text: { id: string; value: string; errorId: string; errors?: string[] };
  imageIds: { name: string; errorId: string; errors?: string[] };
}

/** The networks' counters under a part: one per network (or per limit, where a channel has its own). */
export function PartCounters({ counted, text, id }: { counted: { network: NetworkId; limits: ChannelLimits | null }[]; text: string; id: string }) {
  const { t } = useTranslation();
  if (counted.length === 0) return null;
  return (
    <p id={id} aria-live="polite" className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground tabular-nums">
      {counted.map(({ network, limits }) => {
        const length = textLength(network, text, limits);
        const { maxChars } = limitsOf(network, limits);
        return (
          <span key={`${network}-${maxChars}`} className={cn(length > maxChars * 0.9 && "text-warning", length > maxChars && "font-semibold text-error")}>
            {t("composer.quick.counter", { network: t(`composer.network.${network}`), length, max: maxChars })}
          </span>
        );
      })}
    </p>
  );
}

/**
 * One part of the thread: its text, counters and images. Images dropped on it or pasted into its
 * text go to this part (`onFiles`); a line with `---` typed or pasted cuts it (`onText`).
 */
export function ComposerPart({
  fields,
  index,
  label,
  hint,
  images,
  counted,
  busy,
  removeButton,
  onFiles,
  onText,
}: {
  fields: PartFields;
  index: number;
  label: string;
  hint: string | null;
  images: PartImage[];
  counted: { network: NetworkId; limits: ChannelLimits | null }[];
  busy: boolean;
  removeButton: ReactNode;
  onFiles: (files: File[], part: number) => void;
  onText: (part: number, text: string) => void;
}) {
  const { t } = useTranslation();
  const { textarea, text, imageIds } = fields;
  const [dragging, setDragging] = useState(false);
  const filesOf = (list: FileList | null | undefined) => Array.from(list ?? []).filter((file) => file.size > 0 || file.name);

  const onDrop = (event: DragEvent) => {
    setDragging(false);
    const files = filesOf(event.dataTransfer?.files);
    if (files.length === 0) return;
    event.preventDefault();
    onFiles(files, index);
  };
  const onPaste = (event: ClipboardEvent) => {
    const files = filesOf(event.clipboardData?.files);
    if (files.length === 0) return; // text is pasted as text
    event.preventDefault();
    onFiles(files, index);
  };

  return (
    <li
      className={cn("flex flex-col gap-2 rounded-lg border bg-card p-3 transition-colors", dragging && "border-primary bg-accent")}
      onDragOver={(event) => {
        if (!event.dataTransfer?.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-part={index}
    >
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={text.id} className="flex flex-wrap items-baseline gap-x-2">
          {label}
          {hint ? <span className="text-xs font-normal text-muted-foreground">{hint}</span> : null}
        </Label>
        {removeButton}
      </div>
      <Textarea
        {...textarea}
        key={textarea.key ?? undefined}
        rows={index === 0 ? 6 : 3}
        readOnly={busy}
        placeholder={index === 0 ? t("composer.quick.placeholder") : undefined}
        onChange={(event: FormEvent<HTMLTextAreaElement>) => onText(index, event.currentTarget.value)}
        onPaste={onPaste}
      />
      {images.map((image) => (
        <input key={image.id} type="hidden" name={imageIds.name} value={image.id} />
      ))}
      <PartCounters counted={counted} text={text.value} id={`${text.id}-counter`} />
      <ErrorList id={text.errorId} errors={text.errors} />
      {images.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("composer.quick.partImages", { part: label })}>
          {images.map((image, i) => (
            <li key={image.id} className="relative">
              <img src={image.url} alt={image.altText} className="size-20 rounded-md border object-cover" />
              <Button
                type="submit"
                name="intent"
                value={`remove-image:${image.id}`}
                variant="secondary"
                size="icon"
                formNoValidate
                className="absolute -top-2 -right-2 size-7 rounded-full shadow"
                aria-label={t("composer.quick.removeImage", { n: i + 1, part: label })}
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorList id={imageIds.errorId} errors={imageIds.errors} />
    </li>
  );
}
