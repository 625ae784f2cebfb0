import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useZodForm } from "~/components/forms/use-zod-form";
import { resultFor, type FormReply } from "~/modules/forms/reply";
import { MAX_ALT_TEXT } from "~/modules/media/limits";
import { altTextFormSchema } from "~/modules/posts/schemas";
import { IconTooltip } from "~/components/ui/tooltip";

interface Image {
  id: string;
  url: string;
  width: number;
  height: number;
  size: number;
  mimeType: string;
  altText: string;
}

function formatSize(bytes: number, locale: string) {
  return new Intl.NumberFormat(locale, { style: "unit", unit: bytes >= 1024 * 1024 ? "megabyte" : "kilobyte", maximumFractionDigits: 1 }).format(
    bytes >= 1024 * 1024 ? bytes / (1024 * 1024) : bytes / 1024,
  );
}

/** Each image's alt text form answers as its own form; the page's other errors show above the list. */
export const altTextIntent = (imageId: string) => `altText:${imageId}`;

function AltTextForm({ image, lastResult }: { image: Image; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(`alt-${image.id}`, altTextFormSchema, lastResult, { defaultValue: { altText: image.altText } });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <input type="hidden" name="intent" value="altText" />
      <input type="hidden" name="imageId" value={image.id} />
      <Field
        label={t("create.images.altText")}
        className="flex-1 gap-1.5"
        inputProps={{ ...getInputProps(fields.altText, { type: "text" }), maxLength: MAX_ALT_TEXT, placeholder: t("create.images.altPlaceholder") }}
        // A failure of the form itself (the image was removed meanwhile) shows under its one field.
        errors={[...(fields.altText.errors ?? []), ...(form.errors ?? [])]}
      />
      <Button type="submit" variant="outline" size="sm" className="h-10 sm:mt-[1.375rem]">
        {t("common.save")}
      </Button>
    </Form>
  );
}

/** One of an image's icon buttons: submits its row's form with `intent`, named by `label` (and its tooltip). */
function ImageActionButton({
  intent,
  label,
  disabled,
  className,
  children,
}: {
  intent: "moveUp" | "moveDown" | "remove";
  label: string;
  disabled?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <IconTooltip label={label}>
      <Button type="submit" name="intent" value={intent} variant="ghost" size="icon" disabled={disabled} className={className} aria-label={label}>
        {children}
      </Button>
    </IconTooltip>
  );
}

/** The post's images in order; each row's buttons are small forms (no JavaScript needed). */
export function ImageList({ images, reply }: { images: Image[]; reply?: FormReply }) {
  const { t, i18n } = useTranslation();
  if (images.length === 0) return <p className="text-sm text-muted-foreground">{t("create.images.none")}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {images.map((image, index) => (
        <li key={image.id} className="flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-start">
          <ResponsiveImage
            src={image.url}
            alt={image.altText}
            // Full width on a phone, a 96 px square beside the form from 640 px.
            displayWidth={640}
            sizes="(min-width: 640px) 96px, 100vw"
            width={image.width}
            height={image.height}
            className="aspect-square w-full rounded-md bg-muted object-cover sm:size-24"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="text-xs text-muted-foreground">
              {t("create.images.position", { position: index + 1 })} · {image.mimeType.replace("image/", "").toUpperCase()} ·{" "}
              {formatSize(image.size, i18n.language)}
              {image.width && image.height ? ` · ${image.width}×${image.height}` : ""}
            </p>
            <AltTextForm image={image} lastResult={resultFor(reply, altTextIntent(image.id))} />
          </div>
          <Form method="post" className="flex gap-1 sm:flex-col">
            <input type="hidden" name="imageId" value={image.id} />
            <ImageActionButton intent="moveUp" label={t("create.images.moveUp", { position: index + 1 })} disabled={index === 0}>
              <ArrowUp aria-hidden />
            </ImageActionButton>
            <ImageActionButton intent="moveDown" label={t("create.images.moveDown", { position: index + 1 })} disabled={index === images.length - 1}>
              <ArrowDown aria-hidden />
            </ImageActionButton>
            <ImageActionButton intent="remove" label={t("create.images.remove", { position: index + 1 })} className="text-error">
              <Trash2 aria-hidden />
            </ImageActionButton>
          </Form>
        </li>
      ))}
    </ol>
  );
}
