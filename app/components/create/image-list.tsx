import { Form } from "@remix-run/react";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { MAX_ALT_TEXT } from "~/modules/media/limits";

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

/** The post's images in order; each row's buttons are small forms (no JavaScript needed). */
export function ImageList({ images, action }: { postId: string; images: Image[]; action?: string }) {
  const { t, i18n } = useTranslation();
  if (images.length === 0) return <p className="text-sm text-muted-foreground">{t("create.images.none")}</p>;
  return (
    <ol className="flex flex-col gap-3">
      {images.map((image, index) => (
        <li key={image.id} className="flex flex-col gap-3 rounded-xl border p-3 sm:flex-row sm:items-start">
          <img
            src={image.url}
            alt={image.altText}
            width={image.width || undefined}
            height={image.height || undefined}
            className="aspect-square w-full rounded-md bg-muted object-cover sm:size-24"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <p className="text-xs text-muted-foreground">
              {t("create.images.position", { position: index + 1 })} · {image.mimeType.replace("image/", "").toUpperCase()} ·{" "}
              {formatSize(image.size, i18n.language)}
              {image.width && image.height ? ` · ${image.width}×${image.height}` : ""}
            </p>
            <Form method="post" action={action} className="flex flex-col gap-2 sm:flex-row sm:items-end">
              <input type="hidden" name="imageId" value={image.id} />
              <div className="flex flex-1 flex-col gap-1.5">
                <Label htmlFor={`alt-${image.id}`} className="text-xs">
                  {t("create.images.altText")}
                </Label>
                <Input
                  id={`alt-${image.id}`}
                  name="altText"
                  defaultValue={image.altText}
                  maxLength={MAX_ALT_TEXT}
                  placeholder={t("create.images.altPlaceholder")}
                />
              </div>
              <Button type="submit" name="intent" value="altText" variant="outline" size="sm" className="h-10">
                {t("common.save")}
              </Button>
            </Form>
          </div>
          <Form method="post" action={action} className="flex gap-1 sm:flex-col">
            <input type="hidden" name="imageId" value={image.id} />
            <Button
              type="submit"
              name="intent"
              value="moveUp"
              variant="ghost"
              size="icon"
              disabled={index === 0}
              aria-label={t("create.images.moveUp", { position: index + 1 })}
            >
              <ArrowUp aria-hidden />
            </Button>
            <Button
              type="submit"
              name="intent"
              value="moveDown"
              variant="ghost"
              size="icon"
              disabled={index === images.length - 1}
              aria-label={t("create.images.moveDown", { position: index + 1 })}
            >
              <ArrowDown aria-hidden />
            </Button>
            <Button
              type="submit"
              name="intent"
              value="remove"
              variant="ghost"
              size="icon"
              className="text-error"
              aria-label={t("create.images.remove", { position: index + 1 })}
            >
              <Trash2 aria-hidden />
            </Button>
          </Form>
        </li>
      ))}
    </ol>
  );
}
