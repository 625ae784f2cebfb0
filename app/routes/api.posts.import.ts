import { apiData, apiRoute, requireApiCaller } from "~/modules/api/api.server";
import { importPostsCsv } from "~/modules/post-import/csv-import.server";
import { readImportFile } from "~/modules/post-import/import-file.server";
import { toPostView } from "~/modules/posts/post-view.server";

/**
 * POST /api/posts/import: multipart, one CSV file in `file` (at most 1 MB and 500 rows). Every row
 * is checked, then all its posts are made (201 {created, posts}) or none (422 with `rows`).
 */
const handler = apiRoute({
  POST: async ({ request }) => {
    const { user, actor } = await requireApiCaller(request, "posts:write");
    const { text } = await readImportFile(request);
    const posts = await importPostsCsv({ actor, timezone: user.timezone }, text);
    return apiData({ created: posts.length, posts: posts.map(toPostView) }, { status: 201 });
  },
});

export const loader = handler;
export const action = handler;
