import { Form } from "@remix-run/react";
import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" className={className}>
      <Button type="submit" variant="ghost" size="sm">
        <LogOut aria-hidden />
        {t("nav.signOut")}
      </Button>
    </Form>
  );
}
