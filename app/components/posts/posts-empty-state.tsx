import { Link } from "@remix-run/react";
import { Inbox, PenSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { PostFilter } from "~/modules/posts/schemas";

/** No posts at all (a first visit) or none under a filter: both lead to writing one. */
export function PostsEmptyState({ filter }: { filter: PostFilter }) {
  const { t } = useTranslation();
  return (
    <section className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        {filter === "all" ? <PenSquare aria-hidden className="size-6" /> : <Inbox aria-hidden className="size-6" />}
      </span>
      <h2 className="text-lg font-semibold">{t(`posts.empty.${filter}.title`)}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{t(`posts.empty.${filter}.text`)}</p>
      <Button asChild>
        <Link to="/create">{t("posts.empty.action")}</Link>
      </Button>
    </section>
  );
}
