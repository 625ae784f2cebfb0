import { Form, Link } from "@remix-run/react";
import { Inbox, PenSquare } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { Button } from "~/components/ui/button";
import type { NetworkId } from "~/core/platforms/platforms";
import type { PostFilter } from "~/modules/posts/schemas";
import { useWritePostHref } from "~/utils/use-write-post-href";
import { useCan } from "~/utils/use-root-data";

type ConnectMethod = "oauth" | "app_password" | "instance";

/**
 * No posts at all (a first visit) or none under a filter: both lead to writing one. With nothing
 * connected yet (`connectFirst`), each network ready on this server can be connected from here, and
 * the user comes back to a new post with that account chosen.
 */
export function PostsEmptyState({
  filter,
  connectFirst = null,
}: {
  filter: PostFilter;
  connectFirst?: { network: NetworkId; method: ConnectMethod }[] | null;
}) {
  const { t } = useTranslation();
  const writePost = useWritePostHref();
  const canWrite = useCan("write");
  const canManage = useCan("manage");
  // Back from connecting: the composer with the new account chosen, or the wizard's first step.
  const returnTo = (network: NetworkId) => (writePost === "/compose" ? `/compose?add=${network}` : "/create");
  return (
    <section className="flex flex-col items-center gap-4 rounded-xl border border-dashed px-6 py-16 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-accent text-accent-foreground">
        {filter === "all" ? <PenSquare aria-hidden className="size-6" /> : <Inbox aria-hidden className="size-6" />}
      </span>
      <h2 className="text-lg font-semibold">{t(`posts.empty.${filter}.title`)}</h2>
      {!canWrite ? (
        <p className="max-w-md text-sm text-muted-foreground">{t("posts.empty.readOnly")}</p>
      ) : connectFirst?.length && canManage ? (
        <>
          <p className="max-w-md text-sm text-muted-foreground">{t("posts.empty.connectFirst")}</p>
          <ul className="flex flex-wrap justify-center gap-2">
            {connectFirst.map(({ network, method }) => {
              const label = t("composer.quick.connect", { network: t(`composer.network.${network}`) });
              return (
                <li key={network}>
                  {method === "oauth" ? (
                    <Form method="post" action={`/auth/connect/${network}`}>
                      <input type="hidden" name="returnTo" value={returnTo(network)} />
                      <Button type="submit" variant="outline">
                        <PlatformIcon platform={network} className="size-4" />
                        {label}
                      </Button>
                    </Form>
                  ) : (
                    <Button asChild variant="outline">
                      <Link to={`/profile/connect/${network}?returnTo=${encodeURIComponent(returnTo(network))}`}>
                        <PlatformIcon platform={network} className="size-4" />
                        {label}
                      </Link>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <Button asChild variant="ghost" size="sm">
            <Link to={writePost}>{t("posts.empty.writeFirst")}</Link>
          </Button>
        </>
      ) : (
        <>
          <p className="max-w-md text-sm text-muted-foreground">{t(`posts.empty.${filter}.text`)}</p>
          <Button asChild>
            <Link to={writePost}>{t("posts.empty.action")}</Link>
          </Button>
        </>
      )}
    </section>
  );
}
