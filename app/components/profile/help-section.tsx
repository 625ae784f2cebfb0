import { Form, Link } from "@remix-run/react";
import { BookOpen, CalendarClock, FileText, LifeBuoy, Mail, PenSquare, Webhook } from "lucide-react";
import { useTranslation } from "react-i18next";
import { StatusButton } from "~/components/ui/status-button";
import { useCan } from "~/utils/use-root-data";
import { useWritePostHref } from "~/utils/use-write-post-href";
import { ProfileSection } from "./section";

const linkClass = "flex items-center gap-2 rounded-md px-2 py-2 text-sm font-medium hover:bg-muted";

export function QuickActions({ sessions }: { sessions: number }) {
  const { t } = useTranslation();
  const writePost = useWritePostHref();
  const canWrite = useCan("write");
  const canManage = useCan("manage");
  return (
    <ProfileSection id="quick-actions" title={t("profile.quick.title")}>
      <nav aria-label={t("profile.quick.title")} className="flex flex-col">
        {canWrite ? (
          <Link to={writePost} className={linkClass}>
            <PenSquare aria-hidden className="size-4 text-primary" />
            {t("profile.quick.write")}
          </Link>
        ) : null}
        <Link to="/posts" className={linkClass}>
          <FileText aria-hidden className="size-4 text-primary" />
          {t("profile.quick.posts")}
        </Link>
        <Link to="/queue" className={linkClass}>
          <CalendarClock aria-hidden className="size-4 text-primary" />
          {t("queue.slots.profile.edit")}
        </Link>
        {canManage ? (
          <Link to="/webhooks" className={linkClass}>
            <Webhook aria-hidden className="size-4 text-primary" />
            {t("profile.quick.webhooks")}
          </Link>
        ) : null}
      </nav>
      <Form method="post" className="mt-4 flex flex-col gap-2 border-t pt-4">
        <p className="text-sm text-muted-foreground">{t("profile.quick.sessions", { count: sessions })}</p>
        <StatusButton name="intent" value="signOutOthers" variant="outline" size="sm" disabled={sessions <= 1}>
          {t("profile.quick.signOutOthers")}
        </StatusButton>
      </Form>
    </ProfileSection>
  );
}

export function HelpSection() {
  const { t } = useTranslation();
  return (
    <ProfileSection id="help" title={t("profile.help.title")} description={t("profile.help.description")}>
      <nav aria-label={t("profile.help.title")} className="flex flex-col">
        <Link to="/docs/getting-started" className={linkClass}>
          <BookOpen aria-hidden className="size-4 text-primary" />
          {t("profile.help.docs")}
        </Link>
        <Link to="/pricing" className={linkClass}>
          <LifeBuoy aria-hidden className="size-4 text-primary" />
          {t("profile.help.faq")}
        </Link>
        <Link to="/contact" className={linkClass}>
          <Mail aria-hidden className="size-4 text-primary" />
          {t("profile.help.contact")}
        </Link>
      </nav>
    </ProfileSection>
  );
}
