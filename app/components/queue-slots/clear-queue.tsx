import { useFetcher } from "@remix-run/react";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StatusButton } from "~/components/ui/status-button";

/**
 * "Remove all" behind a disclosure: opening it is the confirmation, and it needs no JavaScript
 * (a <details> element), opens with the keyboard, and closes again with a second press.
 */
export function ClearQueue({ count }: { count: number }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  return (
    <details className="group self-start rounded-xl text-sm open:w-full open:border open:bg-card open:p-4">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md px-2 py-1 font-medium text-error group-open:mb-3 hover:bg-error/10 focus-visible:outline-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
        <Trash2 aria-hidden className="size-4" />
        {t("queue.slots.clear.open")}
      </summary>
      <fetcher.Form method="post" action="/queue" className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p>{t("queue.slots.clear.confirm", { count })}</p>
        <StatusButton name="intent" value="clear" variant="destructive" size="sm" pending={fetcher.state !== "idle" || undefined}>
          {t("queue.slots.clear.submit")}
        </StatusButton>
      </fetcher.Form>
    </details>
  );
}
