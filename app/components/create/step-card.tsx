import { Link } from "@remix-run/react";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";

/** One wizard step: a titled card, its content, and a footer with Back and the step's actions. */
export function StepCard({
  title,
  description,
  backTo,
  actions,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  backTo?: string | null;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {children}
        {backTo !== undefined || actions ? (
          <div className="flex flex-col-reverse gap-3 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
            {backTo ? (
              <Button asChild variant="ghost">
                <Link to={backTo}>
                  <ArrowLeft aria-hidden />
                  {t("create.back")}
                </Link>
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col gap-2 sm:flex-row">{actions}</div>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
