import { apiData, apiRoute, getOptionalApiSession } from "~/modules/api/api.server";
import { searchContent, searchQuerySchema } from "~/modules/content/search.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { searchWorkspacePosts } from "~/modules/posts/post-search.server";

/**
 * GET /api/search?q=: docs, blog and pages matching the query (at most 42), in the request's
 * language; for a signed-in session, also `posts`: the current workspace's posts that match (at most 8).
 */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { q } = searchQuerySchema.parse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
    const results = searchContent(await getLocale(request), q);
    const session = await getOptionalApiSession(request);
    if (!session) return apiData(results);
    // Beside `data`, so clients that read only `data` see the answer they always had.
    return Response.json({ data: results, posts: await searchWorkspacePosts(session.workspace.id, q) }, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const loader = handler;
export const action = handler;
