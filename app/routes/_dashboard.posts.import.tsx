import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ImportPreviewList, ImportProblems } from "~/components/post-import/import-preview";
import { ImportUploadForm } from "~/components/post-import/import-upload-form";
import { PageHeader } from "~/components/layout/shells";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { requireMember } from "~/modules/auth/guards.server";
import { isAppError, rethrowUnlessAppError, type AppError } from "~/modules/errors/app-error";
import { formErrorsOf } from "~/modules/forms/reply";
import { replyMessages } from "~/modules/forms/reply.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { isMultipart } from "~/modules/http/upload.server";
import { importPostsCsv } from "~/modules/post-import/csv-import.server";
import { assertRowBound, readImportFile } from "~/modules/post-import/import-file.server";
import { previewImport } from "~/modules/post-import/preview.server";
import { importConfirmSchema } from "~/modules/post-import/schemas";
import { readUpload, removeUpload, storeUpload } from "~/modules/post-import/stored-uploads.server";
import { redirectWithToast } from "~/modules/toast/toast.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "posts.import.title" };

const PAGE = "/posts/import";

/**
 * /posts/import: choose a CSV file (it is kept on the server, docs/decisions/0071), see what it
 * would make with every line at fault (?upload=<token>), then import it all at once.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, actor } = await requireMember(request, "publish");
  const token = new URL(request.url).searchParams.get("upload");
  const base = { timezone: user.timezone, token: null, expired: false, preview: null };
  if (!token) return base;
  const text = await readUpload(user.id, token);
  if (text === null) return { ...base, expired: true };
  const { t } = await getRequestT(request);
  const preview = await previewImport({ actor, timezone: user.timezone }, text);
  const problems = preview.problems.map((problem) => ({ line: problem.line, message: t(problem.messageKey, problem.values) }));
  return { ...base, token, preview: { rows: preview.rows, problems } };
}

/** The messages of a refused file or import, in the user's language (each row's line first). */
async function messagesOf(request: Request, error: AppError): Promise<string[]> {
  const { t } = await getRequestT(request);
  const { rows, fields, values } = error.options;
  if (rows) return rows.map((row) => t("posts.import.preview.lineMessage", { line: row.line, message: t(row.messageKey, row.values) }));
  if (fields) return Object.values(fields).map((key) => t(key));
  return [t(error.messageKey, values)];
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, actor } = await requireMember(request, "publish");
  if (isMultipart(request)) {
    try {
      const { text } = await readImportFile(request);
      assertRowBound(text);
      return redirect(`${PAGE}?upload=${await storeUpload(user.id, text)}`);
    } catch (error) {
      rethrowUnlessAppError(error);
      return replyMessages(await messagesOf(request, error), error.status, { intent: "upload" });
    }
  }
  const submission = parseWithZod(await request.formData(), { schema: importConfirmSchema });
  const { t } = await getRequestT(request);
  if (submission.status !== "success") return replyMessages([t("errors.validationFailed")], 400, { intent: "import" });
  const { upload } = submission.value;
  const text = await readUpload(user.id, upload);
  // Gone, expired or not theirs: the preview's address says so.
  if (text === null) return redirect(`${PAGE}?upload=${encodeURIComponent(upload)}`);
  try {
    const posts = await importPostsCsv({ actor, timezone: user.timezone }, text);
    await removeUpload(user.id, upload);
    return redirectWithToast("/posts", { color: "success", title: t("posts.import.done", { count: posts.length }) });
  } catch (error) {
    if (!isAppError(error)) throw error;
    return replyMessages(await messagesOf(request, error), error.status, { intent: "import" });
  }
}

export default function ImportPostsPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const preview = data.preview;
  const importable = preview !== null && preview.problems.length === 0 && preview.rows.length > 0;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col">
      <PageHeader
        title={t("posts.import.title")}
        description={t("posts.import.description")}
        actions={
          <Button asChild variant="ghost">
            <Link to="/posts">
              <ArrowLeft aria-hidden />
              {t("posts.import.back")}
            </Link>
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        {preview === null ? (
          <ImportUploadForm timezone={data.timezone} expired={data.expired} errors={formErrorsOf(reply, "upload")} />
        ) : (
          <>
            {preview.problems.length > 0 ? <ImportProblems problems={preview.problems} /> : null}
            <Card>
              <CardContent className="flex flex-col gap-4 pt-6">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="text-lg font-semibold">{t("posts.import.preview.title")}</h2>
                  {importable ? <p className="text-sm text-muted-foreground">{t("posts.import.preview.summary", { count: preview.rows.length })}</p> : null}
                </div>
                <ImportPreviewList rows={preview.rows} problems={preview.problems} />
                {importable && preview.rows.some((row) => row.when.kind === "queue") ? (
                  <p className="text-sm text-muted-foreground">{t("posts.import.preview.queueNote")}</p>
                ) : null}
                <FormErrors errors={formErrorsOf(reply, "import")} />
                {importable ? (
                  <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                    <Button asChild variant="ghost">
                      <Link to={PAGE}>{t("posts.import.preview.anotherFile")}</Link>
                    </Button>
                    <Form method="post">
                      <input type="hidden" name="upload" value={data.token ?? ""} />
                      <StatusButton className="w-full sm:w-auto" pendingLabel={t("posts.import.preview.importing")}>
                        {t("posts.import.preview.import", { count: preview.rows.length })}
                      </StatusButton>
                    </Form>
                  </div>
                ) : null}
              </CardContent>
            </Card>
            {preview.problems.length > 0 ? <ImportUploadForm timezone={data.timezone} expired={false} errors={formErrorsOf(reply, "upload")} compact /> : null}
          </>
        )}
      </div>
    </div>
  );
}
