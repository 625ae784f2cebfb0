import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isRecordId } from "~/modules/db/ids";
import { AppError } from "~/modules/errors/app-error";
import type { TranslationKey } from "~/modules/i18n/keys";
import { isTranslationKey } from "~/modules/i18n/resources";
import { NETWORK_IDS, PLATFORMS } from "~/core/platforms/platforms";

/** A URL segment naming one of our records; `messageKey` is the 404's message when it cannot be one. */
export function recordIdParam(messageKey: TranslationKey = "errors.notFound") {
  return z.string({ error: messageKey }).refine(isRecordId, { error: messageKey });
}

export const postParams = z.object({ postId: recordIdParam("posts.errors.notFound") });
export const postImageParams = postParams.extend({ imageId: recordIdParam("posts.errors.imageNotFound") });
export const channelParams = z.object({ channelId: recordIdParam("connections.errors.channelNotFound") });
export const workspaceParams = z.object({ workspaceId: recordIdParam("workspaces.errors.notFound") });
export const memberParams = workspaceParams.extend({ userId: recordIdParam("workspaces.members.errors.notFound") });
export const invitationParams = workspaceParams.extend({ invitationId: recordIdParam("workspaces.members.errors.invitationNotFound") });
/** An invitation link's token: what randomToken makes (43 URL-safe characters), with room. */
export const invitationTokenParams = z.object({
  token: z
    .string({ error: "workspaces.members.errors.invitationGone" })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: "workspaces.members.errors.invitationGone" }),
});
export const tokenParams = z.object({ tokenId: recordIdParam("apiTokens.errors.notFound") });
export const webhookParams = z.object({ webhookId: recordIdParam("webhooks.errors.notFound") });
export const webhookEventParams = webhookParams.extend({
  eventId: z.string({ error: "webhooks.errors.eventNotFound" }).regex(/^evt_[0-9a-f]{1,64}$/, { error: "webhooks.errors.eventNotFound" }),
});
export const userParams = z.object({ userId: recordIdParam("admin.users.errors.notFound") });
export const providerParams = z.object({ provider: z.enum(PLATFORMS, { error: "errors.apiNotFound" }) });
/** Any network a channel can be of (the app-password connect page). */
export const networkParams = z.object({ network: z.enum(NETWORK_IDS, { error: "errors.apiNotFound" }) });

/**
 * A route's URL params, parsed once: anything the schema refuses (a missing segment, an id no
 * record can have, an unknown provider) is the standard 404 AppError, whose message is the
 * failing param's key. API routes answer it through apiRoute; page routes use getPageParams.
 */
export function getParams<S extends z.ZodType>(params: LoaderFunctionArgs["params"], schema: S): z.infer<S> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message ?? "";
  throw new AppError("not_found", isTranslationKey(message) ? message : "errors.notFound");
}
