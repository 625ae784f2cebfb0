import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/modules/auth/guards.server";
import { getRequestT } from "~/modules/i18n/i18n.server";
import { importTemplate, TEMPLATE_FILE_NAME } from "~/modules/post-import/template.server";

/** GET /posts/import/template.csv: the import's columns and three examples, in the user's language. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { t } = await getRequestT(request);
  return new Response(importTemplate(user.timezone, t), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${TEMPLATE_FILE_NAME}"`,
      "Cache-Control": "no-store",
    },
  });
}
