import { apiData, apiRoute, parseBody, readBody, requireApiUser } from "~/modules/api/api.server";
import { assertAiAvailable, assertCanUseAi } from "~/modules/ai/ai-access.server";
import { generateDraft } from "~/modules/ai/ai.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { apiGenerateSchema } from "~/modules/posts/schemas";

/**
 * POST /api/ai/generate {prompt, platforms, emojis, hashtags}: {linkedinText, twitterText}, written
 * in the request's language. Refused first when the assistant is unavailable to the caller (503,
 * 402); a malformed request is not counted against the hourly limit (429).
 */
const handler = apiRoute({
  POST: async ({ request }) => {
    const { user } = await requireApiUser(request);
    await assertAiAvailable(user.id);
    const input = parseBody(apiGenerateSchema, await readBody(request));
    await assertCanUseAi(user.id);
    const draft = await generateDraft({ ...input, locale: await getLocale(request) }, { signal: request.signal });
    return apiData(draft);
  },
});

export const loader = handler;
export const action = handler;
