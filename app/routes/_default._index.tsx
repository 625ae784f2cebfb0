import { Link } from "@remix-run/react";
import { CalendarClock, PenLine, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { PlannedContent } from "~/components/planned-content";
import { Button } from "~/components/ui/button";
import type { RouteHandle } from "~/utils/page-title";
import { useOptionalUser } from "~/utils/use-root-data";

export const handle: RouteHandle = { title: "home.title" };

const steps = [
  { icon: PenLine, key: "write" },
  { icon: CalendarClock, key: "schedule" },
  { icon: Send, key: "publish" },
] as const;

export default function HomePage() {
  const { t } = useTranslation();
  const user = useOptionalUser();
  return (
    <>
      <section className="relative overflow-hidden border-b bg-gradient-to-b from-accent/60 to-background">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-20 text-center sm:px-6 sm:py-28">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{t("home.headline")}</h1>
          <p className="max-w-2xl text-lg text-pretty text-muted-foreground">{t("home.subheadline")}</p>
          <div className="flex flex-wrap justify-center gap-3">
            {user ? (
              <Button asChild size="lg">
                <Link to="/posts">{t("home.openDashboard")}</Link>
              </Button>
            ) : (
              <>
                <Button asChild size="lg">
                  <Link to="/signup">{t("home.startTrial")}</Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <Link to="/login">{t("nav.signIn")}</Link>
                </Button>
              </>
            )}
          </div>
          <p className="text-sm text-muted-foreground">{t("home.trialNote")}</p>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6" aria-labelledby="how-title">
        <h2 id="how-title" className="mb-8 text-center text-2xl font-semibold tracking-tight">
          {t("home.howTitle")}
        </h2>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map(({ icon: Icon, key }) => (
            <li key={key} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon aria-hidden className="mb-4 size-6 text-primary" />
              <h3 className="font-semibold">{t(`home.steps.${key}.title`)}</h3>
              <p className="mt-2 text-sm text-muted-foreground">{t(`home.steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
        <PlannedContent page="home" />
      </div>
    </>
  );
}
