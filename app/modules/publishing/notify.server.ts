import { trackEvent } from "~/modules/analytics/server-events.server";
import { getDb } from "~/modules/db/db.server";
import { rawDate } from "~/modules/db/raw-values";
import { getEnv } from "~/core/env/env.server";
import { getTranslator } from "~/modules/i18n/i18n.server";
import { isLocale } from "~/modules/i18n/i18n";
import { logger } from "~/core/logger/logger.server";
import { sendMail } from "~/modules/mail/mail.server";
import { actionMail } from "~/modules/mail/templates.server";
import { deliveryReasonLine } from "./reasons";

/**
 * A failed publish is never silent: a notice waits in the app for the user's next visit and, when
 * SMTP is configured, an e-mail says which platform failed and links to the post.
 */
export async function notifyPublishFailed(postId: string): Promise<void> {
  const db = getDb();
  const post = await db.post.findUnique({
    where: { id: postId },
    select: {
      userId: true,
      linkedinText: true,
      twitterText: true,
      targets: { orderBy: { position: "asc" }, take: 1, select: { parts: { orderBy: { position: "asc" }, take: 1, select: { text: true } } } },
      user: { select: { email: true, locale: true } },
      deliveries: { where: { status: "failed" }, select: { platform: true, status: true, errorCode: true, lastError: true } },
    },
  });
  if (!post) return;
  const excerpt = (post.linkedinText || post.twitterText || (post.targets[0]?.parts[0]?.text ?? "")).replace(/\s+/g, " ").slice(0, 80);
  await db.notification.create({ data: { userId: post.userId, postId, kind: "publish_failed", message: excerpt } });
  trackEvent({ id: post.userId, email: post.user.email }, "post publish failed", {
    post_id: postId,
    platforms: post.deliveries.map((d) => d.platform),
    error_codes: post.deliveries.map((d) => d.errorCode),
  });
  if (!getEnv().SMTP_URL) return;
  try {
    const t = await getTranslator(isLocale(post.user.locale) ? post.user.locale : "en");
    const reasons = post.deliveries.flatMap((d) => deliveryReasonLine(t, { ...d, error: d.lastError }) ?? []).join("\n");
    await sendMail(
      actionMail(t, post.user.email, {
        subject: t("mail.publishFailed.subject"),
        intro: t("mail.publishFailed.intro", { excerpt, reasons }),
        action: t("mail.publishFailed.action"),
        url: `${getEnv().APP_URL}/posts/${postId}`,
        outro: t("mail.publishFailed.outro"),
      }),
    );
  } catch (error) {
    logger.error({ err: error, postId }, "Could not e-mail the publish failure");
  }
}

/** Unread notices for the shell's banner. */
export async function unreadNotices(userId: string) {
  // Raw: on every signed-in page, where a Prisma query costs about four times the statement.
  const rows = await getDb().$queryRaw<{ id: string; postId: string | null; kind: string; message: string; createdAt: Date | string }[]>`
    SELECT "id", "postId", "kind", "message", "createdAt" FROM "Notification"
    WHERE "userId" = ${userId} AND "readAt" IS NULL
    ORDER BY "createdAt" DESC LIMIT 3`;
  return rows.map((row) => ({ ...row, createdAt: rawDate(row.createdAt) }));
}

export async function dismissNotice(userId: string, noticeId: string): Promise<void> {
  await getDb().notification.updateMany({ where: { id: noticeId, userId }, data: { readAt: new Date() } });
}

/** Opening the post is reading its notices. */
export async function readNoticesOfPost(userId: string, postId: string): Promise<void> {
  await getDb().notification.updateMany({ where: { userId, postId, readAt: null }, data: { readAt: new Date() } });
}
