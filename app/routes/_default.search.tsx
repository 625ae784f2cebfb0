import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { SearchResults } from "~/components/search-results";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MAX_RESULTS, searchContent } from "~/modules/content/search.server";
import { getOptionalMember } from "~/modules/auth/guards.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { searchWorkspacePosts } from "~/modules/posts/post-search.server";
import { useOptionalUser } from "~/utils/use-root-data";
import type { RouteHandle } from "~/utils/page-title";

export const handle: RouteHandle = { title: "search.title" };

/** The search without JavaScript (/search?q=), and the data the Meta+K dialog loads. */
export async function loader({ request }: LoaderFunctionArgs) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, 200);
  // Signed in, the current workspace's posts come first; signed out, only the public pages.
  const member = await getOptionalMember(request);
  const posts = member ? await searchWorkspacePosts(member.workspace.id, q) : [];
  return { q, posts, results: searchContent(await getLocale(request), q), max: MAX_RESULTS };
}

export default function SearchPage() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  const { q, posts, results } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{t("search.title")}</h1>
      <Form method="get" role="search" className="mb-8 flex gap-2">
        <label htmlFor="search-page-q" className="sr-only">
          {t(user ? "search.postsLabel" : "search.label")}
        </label>
        <Input id="search-page-q" name="q" type="search" defaultValue={q} placeholder={t(user ? "search.postsPlaceholder" : "search.placeholder")} />
        <Button type="submit">
          <Search aria-hidden />
          {t("search.submit")}
        </Button>
      </Form>
      {q ? (
        <>
          <p className="mb-4 text-sm text-muted-foreground" aria-live="polite">
            {t("search.count", { count: posts.length + results.length, q })}
          </p>
          <SearchResults posts={posts} results={results} />
        </>
      ) : null}
    </div>
  );
}
