import { Form, Link } from "@remix-run/react";
import { Download, FileUp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/modules/posts/import-limits";

export const TEMPLATE_HREF = "/posts/import/template.csv";

const megabytes = MAX_IMPORT_BYTES / (1024 * 1024);

/**
 * Step 1: the template, the columns, and a plain multipart form (no JavaScript needed). The file
 * input is the drop zone: a browser drops a file on it as if chosen. `compact`: the form again under
 * a preview with lines to fix, without the template and the columns.
 */
export function ImportUploadForm({ timezone, expired, errors, compact = false }: { timezone: string; expired: boolean; errors?: string[]; compact?: boolean }) {
  const { t } = useTranslation();
  const messages = [...(expired ? [t("posts.import.expired")] : []), ...(errors ?? [])];
  return (
    <Card>
      <CardContent className="flex flex-col gap-5 pt-6">
        {compact ? null : (
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex flex-col gap-2">
              <h2 className="text-lg font-semibold">{t("posts.import.columns.title")}</h2>
              <dl className="grid gap-1.5 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
                <dt className="font-mono font-medium">text</dt>
                <dd className="text-muted-foreground">{t("posts.import.columns.text")}</dd>
                <dt className="font-mono font-medium">channels</dt>
                <dd className="text-muted-foreground">{t("posts.import.columns.channels")}</dd>
                <dt className="font-mono font-medium">scheduled_at</dt>
                <dd className="text-muted-foreground">{t("posts.import.columns.scheduledAt", { zone: timezone, example: "2027-06-10 09:30" })}</dd>
              </dl>
            </div>
            <div className="flex shrink-0 flex-col gap-1 sm:max-w-56 sm:items-end sm:text-right">
              {/* A plain link to a file: it downloads without JavaScript. */}
              <Button asChild variant="outline">
                <Link to={TEMPLATE_HREF} reloadDocument download>
                  <Download aria-hidden />
                  {t("posts.import.template.download")}
                </Link>
              </Button>
              <p className="text-xs text-muted-foreground">{t("posts.import.template.hint")}</p>
            </div>
          </div>
        )}
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
          <label
            htmlFor="import-file"
            className="flex flex-col items-center gap-2 rounded-xl border-2 border-dashed border-border p-6 text-center text-sm focus-within:border-primary hover:border-primary/60"
          >
            <FileUp aria-hidden className="size-6 text-primary" />
            <span className="font-medium">{t("posts.import.file.label")}</span>
            <span className="text-muted-foreground">{t("posts.import.file.drop")}</span>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".csv,text/csv"
              required
              aria-describedby="import-file-hint"
              className="mt-1 w-full max-w-sm cursor-pointer text-sm file:mr-3 file:cursor-pointer file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium file:text-foreground"
            />
          </label>
          <p id="import-file-hint" className="text-xs text-muted-foreground">
            {t("posts.import.file.hint", { max: megabytes, rows: MAX_IMPORT_ROWS })}
          </p>
          <FormErrors errors={messages.length ? messages : undefined} />
          <div>
            <StatusButton name="intent" value="upload" pendingLabel={t("posts.import.file.checking")}>
              {t("posts.import.file.preview")}
            </StatusButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
