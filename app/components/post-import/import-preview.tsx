import { AlertTriangle, Clock, FileText, ListOrdered } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Badge } from "~/components/ui/badge";
import type { PreviewRow } from "~/modules/post-import/preview.server";
import { cn } from "~/utils/cn";
import { useFormatDate } from "~/utils/use-format-date";

interface Problem {
  line: number;
  message: string;
}

/** Every line at fault, at the top of the preview: nothing is imported while there is one. */
export function ImportProblems({ problems }: { problems: Problem[] }) {
  const { t } = useTranslation();
  return (
    <section role="alert" aria-labelledby="import-problems-title" className="flex flex-col gap-2 rounded-xl border border-error/40 bg-error/10 p-4">
      <h2 id="import-problems-title" className="flex items-center gap-2 font-semibold text-error">
        <AlertTriangle aria-hidden className="size-4" />
        {t("posts.import.problems.title", { count: problems.length })}
      </h2>
      <p className="text-sm">{t("posts.import.problems.lead")}</p>
      <ul className="flex flex-col gap-1 text-sm">
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.message}`}>{t("posts.import.preview.lineMessage", { line: problem.line, message: problem.message })}</li>
        ))}
      </ul>
    </section>
  );
}

function When({ when }: { when: PreviewRow["when"] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  if (when.kind === "draft") {
    return (
      <span className="inline-flex items-center gap-1">
        <FileText aria-hidden className="size-3.5" />
        {t("posts.import.preview.draft")}
      </span>
    );
  }
  if (when.kind === "queue") {
    return (
      <span className="inline-flex items-center gap-1">
        <ListOrdered aria-hidden className="size-3.5" />
        {t("posts.import.preview.queue")}
      </span>
    );
  }
  return (
    <span className="inline-flex items-center gap-1">
      <Clock aria-hidden className="size-3.5" />
      <time dateTime={when.at}>{formatDate(when.at)}</time>
    </span>
  );
}

/** The file's rows in file order, each as it will be made, or its fault in its place. */
export function ImportPreviewList({ rows, problems }: { rows: PreviewRow[]; problems: Problem[] }) {
  const { t } = useTranslation();
  const items = [
    ...rows.map((row) => ({ line: row.line, row, problem: null })),
    ...problems.map((problem) => ({ line: problem.line, row: null, problem })),
  ].sort((a, b) => a.line - b.line);
  return (
    <ol className="flex flex-col divide-y rounded-lg border" aria-label={t("posts.import.preview.title")}>
      {items.map(({ line, row, problem }, index) => (
        <li key={`${line}-${index}`} className={cn("flex flex-col gap-1 p-3 sm:flex-row sm:gap-3", problem && "bg-error/10")}>
          <span className="shrink-0 pt-0.5 text-xs text-muted-foreground tabular-nums sm:w-14">{t("posts.import.preview.lineNumber", { line })}</span>
          {problem ? (
            <p className="flex min-w-0 items-start gap-2 text-sm text-error">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>{problem.message}</span>
            </p>
          ) : row ? (
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
                <When when={row.when} />
                {row.accounts.map((account) => (
                  <span key={account.label} className="inline-flex items-center gap-1">
                    <PlatformIcon platform={account.network} className="size-3.5" />
                    {account.label}
                  </span>
                ))}
                {row.parts > 1 ? <Badge tone="info">{t("posts.import.preview.parts", { count: row.parts })}</Badge> : null}
              </div>
              <p className="text-sm break-words">{row.excerpt}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
