import { apiRoute, parseBody, requireApiCaller } from "~/modules/api/api.server";
import { postsCsvDownload } from "~/modules/posts/csv-export.server";
import { exportQuerySchema } from "~/modules/posts/schemas";

/** GET /api/posts/export.csv: the current workspace's posts (those of one `status` filter) as a CSV download, streamed. */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { user, workspace } = await requireApiCaller(request, "posts:read");
    const { status } = parseBody(exportQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const { filename, body } = postsCsvDownload({ workspaceId: workspace.id, timezone: user.timezone }, status);
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename}"`,
        "Cache-Control": "no-store",
      },
    });
  },
});

export const loader = handler;
export const action = handler;
