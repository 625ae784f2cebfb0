import { apiData, apiRoute } from "~/modules/api/api.server";
import { searchContent, searchQuerySchema } from "~/modules/content/search.server";
import { getLocale } from "~/modules/i18n/i18n.server";

/** GET /api/search?q=: docs, blog and pages matching the query (at most 42), in the request's language. */
const handler = apiRoute({
  GET: async ({ request }) => {
    const { q } = searchQuerySchema.parse({ q: new URL(request.url).searchParams.get("q") ?? undefined });
    return apiData(searchContent(await getLocale(request), q));
  },
});

export const loader = handler;
export const action = handler;
