import { isRouteErrorResponse, Link, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { MAX_BODY_BYTES, MAX_FORM_FIELDS, MAX_IMPORT_BYTES, MAX_JSON_DEPTH, MAX_JSON_VALUES, MAX_UPLOAD_BYTES, toMegabytes } from "~/modules/http/body-limits";
import { MAX_IMAGE_BYTES, MAX_IMAGES_PER_POST } from "~/modules/media/limits";
import type { TranslationKey } from "~/modules/i18n/keys";

const statusKeys: Record<number, TranslationKey> = {
  400: "errors.status.400",
  401: "errors.status.401",
  403: "errors.status.403",
  404: "errors.status.404",
  405: "errors.status.405",
  413: "errors.status.413",
  429: "errors.status.429",
  500: "errors.status.500",
  503: "errors.status.503",
};

/** What the error page shows: status, its name, and a message safe to show anyone. */
export function useErrorDetails() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) {
    const status = error.status;
    const reason = (error.data as { reason?: string } | null)?.reason;
    const message =
      status === 404
        ? t("errors.pageNotFoundAt", { path: location.pathname })
        : status === 403 || reason === "forbidden"
          ? t("errors.forbiddenMessage")
          : reason === "database_busy"
            ? t("errors.databaseBusy")
            : reason === "upload_too_large"
              ? t("errors.uploadTooLarge", { total: toMegabytes(MAX_UPLOAD_BYTES), max: toMegabytes(MAX_IMAGE_BYTES), count: MAX_IMAGES_PER_POST })
              : reason === "import_too_large"
                ? t("posts.import.errors.tooLarge", { max: toMegabytes(MAX_IMPORT_BYTES) })
                : reason === "too_many_fields"
                  ? t("errors.tooManyFields", { max: MAX_FORM_FIELDS })
                  : reason === "json_too_complex"
                    ? t("errors.jsonTooComplex", { max: MAX_JSON_VALUES, depth: MAX_JSON_DEPTH })
                    : reason === "unreadable_form"
                      ? t("errors.unreadableForm")
                      : status === 413
                        ? t("errors.payloadTooLarge", { max: toMegabytes(MAX_BODY_BYTES) })
                        : t("errors.requestFailedMessage");
    return { status, message };
  }
  // Thrown server errors reach the browser without their details outside development.
  const detail = import.meta.env.DEV && error instanceof Error ? error.message : null;
  return { status: 500, message: detail ?? t("errors.unexpectedMessage") };
}

export function ErrorPage() {
  const { t } = useTranslation();
  const { status, message } = useErrorDetails();
  const notFound = status === 404;
  const forbidden = status === 403;
  const tooLarge = status === 413;
  const title = notFound ? t("errors.notFoundTitle") : forbidden ? t("errors.forbiddenTitle") : tooLarge ? t("errors.tooLargeTitle") : t("errors.genericTitle");
  const description = notFound
    ? t("errors.notFoundDescription")
    : forbidden
      ? t("errors.forbiddenDescription")
      : tooLarge
        ? t("errors.tooLargeDescription")
        : t("errors.genericDescription");
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-20 text-center" aria-labelledby="error-title">
      <p className="text-6xl font-bold tracking-tight text-primary" data-testid="error-status">
        {status}
      </p>
      <p className="text-sm font-medium tracking-wide text-muted-foreground uppercase" data-testid="error-status-message">
        {t(statusKeys[status] ?? "errors.status.500")}
      </p>
      <h1 id="error-title" className="text-3xl font-semibold tracking-tight">
        {title}
      </h1>
      <p className="text-muted-foreground">{description}</p>
      <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm wrap-anywhere" data-testid="error-message">
        {message}
      </p>
      <Button asChild size="lg">
        <Link to="/" reloadDocument>
          {t("errors.backToHome")}
        </Link>
      </Button>
      <nav aria-label={t("errors.helpfulLinks")} className="flex flex-wrap justify-center gap-4 text-sm">
        <Link to="/docs/getting-started" className="text-primary hover:underline">
          {t("nav.docs")}
        </Link>
        <Link to="/pricing" className="text-primary hover:underline">
          {t("nav.pricing")}
        </Link>
        <Link to="/blog" className="text-primary hover:underline">
          {t("nav.blog")}
        </Link>
      </nav>
    </section>
  );
}
