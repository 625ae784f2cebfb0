import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { PenSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/layout/shells";
import { PlannedContent } from "~/components/planned-content";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/modules/auth/guards.server";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "nav.posts" };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return null;
}

export default function PostsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t("nav.posts")}
        description={t("posts.description")}
        actions={
          <Button asChild>
            <Link to="/create">
              <PenSquare aria-hidden />
              {t("posts.write")}
            </Link>
          </Button>
        }
      />
      <PlannedContent page="posts" />
    </>
  );
}
