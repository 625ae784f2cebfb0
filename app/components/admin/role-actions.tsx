import { Form, useNavigation } from "@remix-run/react";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { StatusButton } from "~/components/ui/status-button";
import type { AdminUserView } from "~/modules/admin/users.server";

/**
 * What an admin may do to this account's rights. Demoting asks first, in a <details> that opens
 * without JavaScript. The server holds the same rules; this only hides what it would refuse.
 */
export function RoleActions({ user, isSelf, formAction }: { user: AdminUserView; isSelf: boolean; formAction: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("userId") === user.id;
  const note = (text: string) => <span className="text-xs text-muted-foreground">{text}</span>;
  if (isSelf) return note(t("admin.users.ownRoleNote"));
  if (user.adminSource === "list") return note(t("admin.users.listedNote"));
  if (user.listed) return note(t("admin.users.listedPendingNote"));
  if (user.adminSource === "promotion") {
    return (
      <details className="group lg:inline-block lg:text-left">
        <summary className="inline-flex h-8 cursor-pointer list-none items-center gap-1.5 rounded-md border border-input px-3 text-xs font-medium whitespace-nowrap hover:bg-muted [&::-webkit-details-marker]:hidden">
          <ShieldOff aria-hidden className="size-3.5" />
          {t("admin.users.demote")}
        </summary>
        <Form method="post" action={formAction} className="mt-2 flex max-w-xs flex-col gap-2 rounded-md border bg-background p-3 text-xs">
          <p>{t("admin.users.demoteConfirmText", { email: user.email })}</p>
          <input type="hidden" name="userId" value={user.id} />
          <StatusButton type="submit" name="intent" value="demote" variant="destructive" size="sm" pending={pending}>
            {t("admin.users.demoteConfirm")}
          </StatusButton>
        </Form>
      </details>
    );
  }
  if (!user.verified) return note(t("admin.users.unverifiedNote"));
  return (
    <Form method="post" action={formAction}>
      <input type="hidden" name="userId" value={user.id} />
      <Button
        type="submit"
        name="intent"
        value="promote"
        variant="outline"
        size="sm"
        disabled={pending}
        aria-label={t("admin.users.promoteLabel", { email: user.email })}
      >
        <ShieldCheck aria-hidden />
        {t("admin.users.promote")}
      </Button>
    </Form>
  );
}
