import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Markdown } from "./markdown";

/** A page of content/<locale>/pages: title, description, the Markdown body, and what follows it. */
export function ContentPage({
  page,
  children,
}: {
  page: { title: string; description: string; body: { html: string }; meta: { updated?: string } };
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="mb-10 flex flex-col gap-3 border-b pb-8">
        <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>
        <p className="text-lg text-muted-foreground">{page.description}</p>
        {page.meta.updated ? (
          <p className="text-sm text-muted-foreground">
            {t("marketing.updated", {
              date: new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(new Date(page.meta.updated)),
            })}
          </p>
        ) : null}
      </header>
      <Markdown html={page.body.html} />
      {children}
    </article>
  );
}
