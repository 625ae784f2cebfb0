import { Form } from "@remix-run/react";
import { ImagePlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { IMAGE_ACCEPT, MAX_IMAGES_PER_POST } from "~/modules/media/limits";

/** A plain multipart form: works without JavaScript; with it, the page stays and the list updates. */
export function ImageUploadForm({ count, errors }: { count: number; errors?: string[] }) {
  const { t } = useTranslation();
  const full = count >= MAX_IMAGES_PER_POST;
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3 rounded-xl border border-dashed p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Label htmlFor="image-upload" className="flex items-center gap-2">
          <ImagePlus aria-hidden className="size-4 text-primary" />
          {t("create.images.choose")}
        </Label>
        <span className="text-xs text-muted-foreground">{t("create.images.count", { count, max: MAX_IMAGES_PER_POST })}</span>
      </div>
      <Input
        id="image-upload"
        name="image"
        type="file"
        accept={IMAGE_ACCEPT}
        multiple
        disabled={full}
        aria-describedby="image-upload-hint"
        className="h-auto cursor-pointer py-1.5 file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
      />
      <p id="image-upload-hint" className="text-xs text-muted-foreground">
        {full ? t("create.images.full", { count: MAX_IMAGES_PER_POST }) : t("create.images.rules", { max: MAX_IMAGES_PER_POST })}
      </p>
      <FormErrors errors={errors} />
      <div>
        <StatusButton name="intent" value="upload" variant="secondary" disabled={full} pendingLabel={t("create.progress.uploading")}>
          {t("create.images.upload")}
        </StatusButton>
      </div>
    </Form>
  );
}
