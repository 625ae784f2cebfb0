import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CallToAction, Hero, ItemsSection, Stats, Testimonials } from "~/components/marketing/landing-sections";
import { WaitlistForm } from "~/components/marketing/waitlist-form";
import { billingAccount } from "~/modules/billing/account.server";
import { getContent } from "~/modules/content/content.server";
import { leadToSetupWhileOpen } from "~/modules/settings/setup-state.server";
import { rethrowUnlessAppError } from "~/modules/errors/app-error";
import { replyInvalid, replySuccess, replyWithError } from "~/modules/forms/reply.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { HONEYPOT_FIELD, waitlistSchema } from "~/modules/marketing/schemas";
import { withServerNotes } from "~/modules/marketing/honest-content";
import { joinWaitlist, waitlistCount } from "~/modules/marketing/waitlist.server";
import type { RouteHandle } from "~/utils/page-title";
import { useOptionalUser } from "~/utils/use-root-data";
import { routeSeoMeta } from "~/utils/seo";

// Served without the app's JavaScript: it works fully without it, and public/enhance.js adds the
// in-place waitlist and the Meta+K search for a fraction of the weight (the budget is 100 KB).
export const handle: RouteHandle = { title: (_t, data) => (data as { seo?: { title: string } } | undefined)?.seo?.title ?? "Plume", hydrate: false };

export async function loader({ request }: LoaderFunctionArgs) {
  await leadToSetupWhileOpen();
  const locale = await getLocale(request);
  const content = withServerNotes(getContent(locale).index, (await billingAccount(null)).enabled);
  return {
    content,
    count: await waitlistCount(),
    seo: { title: content.seo.title ?? content.title, description: content.seo.description ?? content.description, path: "/", image: content.seo.image },
  };
}

export const meta: MetaFunction<typeof loader> = routeSeoMeta;

/** The waitlist form posts here (in place with JavaScript, as a page without). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: waitlistSchema });
  if (submission.status !== "success") return replyInvalid(submission, { intent: "waitlist" });
  try {
    const { fullName, email } = submission.value;
    await joinWaitlist({ fullName, email, locale: await getLocale(request), honeypot: submission.value[HONEYPOT_FIELD] }, context.clientIp ?? null);
  } catch (error) {
    rethrowUnlessAppError(error);
    return replyWithError(request, submission, error, { intent: "waitlist" });
  }
  return replySuccess(submission, { intent: "waitlist" });
}

export default function HomePage() {
  const { t } = useTranslation();
  const { content, count } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const user = useOptionalUser();
  const why = content.sections.find((section) => section.id === "why-choose");
  return (
    <>
      <Hero hero={content.hero} signedIn={Boolean(user)} dashboardLabel={t("home.openDashboard")} />
      <div className="mx-auto flex max-w-6xl flex-col gap-20 px-4 py-16 sm:px-6 sm:py-20">
        <WaitlistForm copy={content.waitlist} count={count} answer={answer} />
        <Stats stats={content.stats} />
        <ItemsSection id="features" title={content.features.title} description={content.features.description} items={content.features.items} />
        {content.testimonials ? <Testimonials testimonials={content.testimonials} /> : null}
        {why ? <ItemsSection id={why.id} title={why.title} description={why.description} items={why.items} columns={2} /> : null}
        {content.sections
          .filter((section) => section.id !== "why-choose")
          .map((section) => (
            <ItemsSection key={section.id} id={section.id} title={section.title} description={section.description} items={section.items} />
          ))}
        <CallToAction cta={content.cta} />
      </div>
    </>
  );
}
