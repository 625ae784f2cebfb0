import { getDb } from "~/modules/db/db.server";
import { getEnv } from "~/core/env/env.server";
import { getTranslator } from "~/modules/i18n/i18n.server";
import { isLocale } from "~/modules/i18n/i18n";
import { logger } from "~/core/logger/logger.server";
import { sendMail } from "~/modules/mail/mail.server";
import { actionMail } from "~/modules/mail/templates.server";

/** Where the user opens Stripe's billing portal: the profile's subscription section. */
export const billingLink = () => `${getEnv().APP_URL}/profile#subscription`;

/**
 * Tells the user a payment failed, in their language, with a link to update the card. A mail
 * that cannot be sent is logged, not retried: the subscription's state is already applied, and a
 * webhook failing for the mail would have Stripe redeliver (and eventually disable) the endpoint.
 */
export async function sendPaymentFailedMail(userId: string): Promise<void> {
  const user = await getDb().user.findUnique({ where: { id: userId }, select: { email: true, locale: true } });
  if (!user) return;
  try {
    const t = await getTranslator(isLocale(user.locale) ? user.locale : "en");
    await sendMail(
      actionMail(t, user.email, {
        subject: t("billing.webhooks.paymentFailedMail.subject"),
        intro: t("billing.webhooks.paymentFailedMail.intro", { site: getEnv().SITE_NAME }),
        action: t("billing.webhooks.paymentFailedMail.action"),
        url: billingLink(),
        outro: t("billing.webhooks.paymentFailedMail.outro"),
      }),
    );
  } catch (error) {
    logger.error({ err: error, userId }, "Could not e-mail the failed payment");
  }
}
