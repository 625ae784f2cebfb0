// Meta+K and /search: the signed-in user's own posts whose text holds the query (decision 64).
import { getEnv } from "~/core/env/env.server";
import { getDb, raw, sql } from "~/modules/db/db.server";
import { postExcerpt } from "./post-excerpt";

/** Longer queries are cut: no post search needs more, and the LIKE pattern stays small. */
export const MAX_POST_QUERY_LENGTH = 100;
/** The search shows at most this many posts, above the docs. */
export const MAX_POST_RESULTS = 8;

export interface PostSearchResult {
  id: string;
  status: string;
  excerpt: string;
  scheduledAt: string | null;
  publishedAt: string | null;
  createdAt: string;
}

/** The query as a LIKE pattern that matches it anywhere, its own % _ and \ taken literally. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * A workspace's posts whose text (either version 1 field, or any part of any target) holds the query,
 * whatever its case, most recently changed first. PostgreSQL's ILIKE folds every letter; SQLite's
 * LIKE folds ASCII letters only (a query with "É" finds "é" only on PostgreSQL).
 */
export async function searchWorkspacePosts(workspaceId: string, query: string): Promise<PostSearchResult[]> {
  const q = query.trim().slice(0, MAX_POST_QUERY_LENGTH);
  if (!q) return [];
  const like = raw(getEnv().isPostgres ? "ILIKE" : "LIKE");
  const pattern = likePattern(q);
  const matches = (column: ReturnType<typeof raw>) => sql`${column} ${like} ${pattern} ESCAPE '\\'`;
  const rows = await getDb().$queryRaw<{ id: string }[]>`
    SELECT "Post"."id" FROM "Post"
    WHERE "Post"."workspaceId" = ${workspaceId} AND (
      ${matches(raw('"Post"."linkedinText"'))} OR ${matches(raw('"Post"."twitterText"'))}
      OR EXISTS (SELECT 1 FROM "PostPart" JOIN "PostTarget" ON "PostTarget"."id" = "PostPart"."targetId"
        WHERE "PostTarget"."postId" = "Post"."id" AND ${matches(raw('"PostPart"."text"'))})
    )
    ORDER BY "Post"."updatedAt" DESC, "Post"."id" DESC
    LIMIT ${MAX_POST_RESULTS}`;
  if (rows.length === 0) return [];
  const posts = await getDb().post.findMany({
    where: { workspaceId, id: { in: rows.map((row) => row.id) } },
    select: {
      id: true,
      status: true,
      linkedinText: true,
      twitterText: true,
      scheduledAt: true,
      publishedAt: true,
      createdAt: true,
      targets: { orderBy: { position: "asc" }, select: { parts: { orderBy: { position: "asc" }, select: { text: true } } } },
    },
  });
  const byId = new Map(posts.map((post) => [post.id, post]));
  return rows.flatMap(({ id }) => {
    const post = byId.get(id);
    if (!post) return [];
    const texts = [post.linkedinText, post.twitterText, ...post.targets.flatMap((target) => target.parts.map((part) => part.text))];
    return [
      {
        id: post.id,
        status: post.status,
        excerpt: postExcerpt(texts, q),
        scheduledAt: post.scheduledAt?.toISOString() ?? null,
        publishedAt: post.publishedAt?.toISOString() ?? null,
        createdAt: post.createdAt.toISOString(),
      },
    ];
  });
}
