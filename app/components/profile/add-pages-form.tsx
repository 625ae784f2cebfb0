import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { Plus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { StatusButton } from "~/components/ui/status-button";
import { accountLabel } from "~/modules/connections/account-label";
import type { AddablePage, MemberPages } from "~/modules/connections/pages.server";
import { addPagesFormSchema } from "~/modules/connections/schemas";
import { initialsOf } from "~/modules/toast/toast";

/**
 * The pages a connected member administers, as checkboxes (a plain POST form: works without
 * JavaScript). Pages already added are shown, not offered again. docs/decisions/0058.
 */
export function AddPagesForm({
  member,
  pages,
  returnTo,
  problem,
  lastResult,
}: {
  member: MemberPages["member"] | null;
  pages: AddablePage[];
  returnTo: string;
  /** Why nothing can be listed (in the user's language), instead of the form. */
  problem: string | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm("add-pages", addPagesFormSchema, lastResult);
  const account = member ? accountLabel(member) : "";
  const addable = pages.filter((page) => !page.added);
  return (
    <Card className="mx-auto w-full max-w-xl">
      <CardHeader>
        <h1 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          {member ? <PlatformIcon platform={member.network} className="size-5" /> : null}
          {t("profile.pages.title")}
        </h1>
        {member ? <CardDescription>{t("profile.pages.intro", { account })}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {problem ? (
          <p className="rounded-md bg-muted p-3 text-sm" role="status">
            {problem}
          </p>
        ) : pages.length === 0 ? (
          <p className="rounded-md bg-muted p-3 text-sm" role="status">
            {t("profile.pages.none", { account })}
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} noValidate className="flex flex-col gap-4">
            <input type="hidden" name="returnTo" value={returnTo} />
            <fieldset className="flex flex-col gap-2" aria-describedby={fields.pages.errors?.length ? fields.pages.errorId : undefined}>
              <legend className="mb-2 text-sm font-medium">{t("profile.pages.choose")}</legend>
              <ul className="flex flex-col divide-y rounded-lg border">
                {pages.map((page) => {
                  const id = `page-${page.providerUserId.replace(/\W+/g, "-")}`;
                  return (
                    <li key={page.providerUserId} className="flex items-center gap-3 p-3">
                      {page.added ? (
                        <span className="size-4 shrink-0" aria-hidden />
                      ) : (
                        <input
                          id={id}
                          type="checkbox"
                          name={fields.pages.name}
                          value={page.providerUserId}
                          defaultChecked={addable.length === 1}
                          className="size-4 shrink-0 cursor-pointer rounded border-input accent-primary"
                        />
                      )}
                      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-sm font-semibold text-primary" aria-hidden>
                        {initialsOf(page.displayName)}
                      </span>
                      <label htmlFor={page.added ? undefined : id} className="flex min-w-0 flex-1 flex-col">
                        <span className="truncate font-medium">{page.displayName}</span>
                        {page.handle ? <span className="truncate text-sm text-muted-foreground">{page.handle}</span> : null}
                      </label>
                      {page.added ? <Badge tone="success">{t("profile.pages.alreadyAdded")}</Badge> : <Badge>{t("profile.pages.tag")}</Badge>}
                    </li>
                  );
                })}
              </ul>
            </fieldset>
            <ErrorList id={fields.pages.errorId} errors={fields.pages.errors} />
            <FormErrors id={form.errorId} errors={form.errors} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="ghost">
                <Link to={returnTo}>{t("profile.pages.skip")}</Link>
              </Button>
              {addable.length > 0 ? (
                <StatusButton>
                  <Plus aria-hidden />
                  {t("profile.pages.submit")}
                </StatusButton>
              ) : null}
            </div>
          </Form>
        )}
        {problem || pages.length === 0 ? (
          <div className="flex justify-end">
            <Button asChild variant="outline">
              <Link to={returnTo}>{t("profile.pages.skip")}</Link>
            </Button>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
