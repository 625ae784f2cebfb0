import type { LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { PlannedContent } from "~/components/planned-content";
import { requireUser } from "~/modules/auth/guards.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "nav.generate" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function CreatePage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("create.title")} description={t("create.description")} />
      <PlannedContent page="create" />
    </>
  );
}
