import { Form } from "@remix-run/react";
import { ListPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { StatusButton } from "~/components/ui/status-button";
import { cn } from "~/utils/cn";

/** The address "Add to queue" posts to (a form, so it works without JavaScript). */
export const queueActionOf = (postId: string) => `/posts/${postId}/queue`;

/** One click: the post goes to its queue's first free slot, then back to `redirectTo` with a toast. */
export function AddToQueueButton({ postId, redirectTo }: { postId: string; redirectTo: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={queueActionOf(postId)}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <StatusButton>
        <ListPlus aria-hidden />
        {t("queue.add.button")}
      </StatusButton>
    </Form>
  );
}

/**
 * "Add to queue" in lists of many posts: a plain form and button, no hook per row (the list's
 * useListSubmit makes it a client submission, and tells which row is `busy`), as the rows' links
 * are plain anchors (docs/decisions/0039). `relative` lifts it above the card's stretched link.
 */
export function ListQueueButton({ postId, redirectTo, label, busy }: { postId: string; redirectTo: string; label: string; busy: boolean }) {
  return (
    <form method="post" action={queueActionOf(postId)} className="relative">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={cn(buttonVariants({ variant: "outline", size: "sm" }))}>
        {busy ? <Spinner /> : <ListPlus aria-hidden />}
        {label}
      </button>
    </form>
  );
}
