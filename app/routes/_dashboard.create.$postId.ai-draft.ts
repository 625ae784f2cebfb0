import { parseWithZod } from "@conform-to/zod/v4";
import { apiRoute, requireApiUser } from "~/modules/api/api.server";
import { AppError } from "~/modules/errors/app-error";
import { getParams, postParams } from "~/modules/http/params.server";
import { ndjsonResponse } from "~/modules/http/ndjson.server";
import { getLocale } from "~/modules/i18n/i18n.server";
import { streamComposeWithAi } from "~/modules/posts/ai-compose.server";
import { aiPromptSchema } from "~/modules/posts/schemas";

/**
 * The wizard's AI step with JavaScript: the same form, answered as a stream of NDJSON lines so
 * the draft appears as it is written. Errors before the stream starts are the API's JSON errors.
 */
export const action = apiRoute({
  POST: async ({ request, params }) => {
    const { actor } = await requireApiUser(request);
    const submission = parseWithZod(await request.formData(), { schema: aiPromptSchema });
    if (submission.status !== "success") throw new AppError("validation_failed", "errors.validationFailed");
    const { postId } = getParams(params, postParams);
    return ndjsonResponse(await streamComposeWithAi(actor, postId, submission.value, await getLocale(request), request.signal));
  },
});
