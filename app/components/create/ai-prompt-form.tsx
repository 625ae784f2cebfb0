import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, useNavigate } from "@remix-run/react";
import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { CheckboxField, FormErrors, TextareaField } from "~/components/ui/field";
import { Spinner } from "~/components/ui/spinner";
import { StatusButton } from "~/components/ui/status-button";
import { draftField, NETWORK_IDS, type NetworkId } from "~/core/platforms/platforms";
import type { PostView } from "~/modules/posts/post-view.server";
import { aiPromptSchema } from "~/modules/posts/schemas";
import { StepCard } from "./step-card";
import { stepPath } from "~/modules/posts/wizard-steps";
import { useDraftStream } from "./use-draft-stream";

/** The networks the draft is written for: those of the post's accounts, else its version 1 platforms. */
function draftNetworks(post: PostView): NetworkId[] {
  const networks = new Set<NetworkId>([...post.targets.map((target) => target.network), ...post.platforms]);
  return NETWORK_IDS.filter((network) => networks.has(network));
}

/**
 * The prompt and its options. Without JavaScript the form posts and the server answers with the
 * review step once the draft is written; with it, the draft streams in here first.
 */
export function AiPromptForm({ post, lastResult }: { post: PostView; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, start } = useDraftStream();
  const [form, fields] = useZodForm("ai-prompt", aiPromptSchema, lastResult, {
    defaultValue: { prompt: post.aiPrompt ?? "", emojis: post.aiEmojis ? "on" : undefined, hashtags: post.aiHashtags ? "on" : undefined },
    onSubmit(event, { formData }) {
      event.preventDefault();
      void start(`/create/${post.id}/ai-draft`, formData).then((ok) => {
        if (ok) navigate(stepPath(post.id, "review"));
      });
    },
  });
  const busy = state.status === "streaming" || state.status === "done";
  const streamError = state.status === "error" ? (state.messageKey ? t(state.messageKey) : state.message || t("ai.errors.failed")) : null;
  const draft = state.status === "streaming" || state.status === "done" ? state.draft : null;
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("create.content.aiTitle")}
        description={t("create.content.aiDescription")}
        backTo={stepPath(post.id, "method")}
        actions={
          <StatusButton pending={busy || undefined} pendingLabel={t("create.progress.generating")}>
            <Sparkles aria-hidden />
            {t("create.content.generate")}
          </StatusButton>
        }
      >
        <TextareaField
          label={t("create.content.promptLabel")}
          textareaProps={{ ...getTextareaProps(fields.prompt), key: fields.prompt.key, rows: 5, placeholder: t("create.content.promptPlaceholder") }}
          hint={t("create.content.promptHint")}
          errors={fields.prompt.errors}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:gap-8">
          <CheckboxField label={t("create.content.emojis")} inputProps={getInputProps(fields.emojis, { type: "checkbox" })} />
          <CheckboxField label={t("create.content.hashtags")} inputProps={getInputProps(fields.hashtags, { type: "checkbox" })} />
        </div>
        <FormErrors id={form.errorId} errors={streamError ? [streamError] : form.errors} />
        {draft ? (
          <section aria-live="polite" aria-busy={state.status === "streaming"} className="flex flex-col gap-3 rounded-xl border bg-muted/30 p-4">
            <p className="flex items-center gap-2 text-sm font-medium">
              {state.status === "streaming" ? <Spinner /> : null}
              {state.status === "streaming" ? t("create.progress.generating") : t("create.progress.generated")}
            </p>
            {draftNetworks(post).map((network) => (
              <div key={network} className="flex flex-col gap-1">
                <span className="text-xs font-semibold text-muted-foreground uppercase">{t(`platforms.${network}`)}</span>
                <p className="text-sm whitespace-pre-wrap">{draft[draftField(network)] || "…"}</p>
              </div>
            ))}
          </section>
        ) : null}
      </StepCard>
    </Form>
  );
}
