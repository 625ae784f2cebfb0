import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ArrowDown, ArrowRight, ArrowUp, Plus, Scissors, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PlatformIcon } from "~/components/posts/platform-icon";
import { TargetPreview, initials, shownAvatar } from "~/components/posts/target-previews";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { StatusButton } from "~/components/ui/status-button";
import { Textarea } from "~/components/ui/textarea";
import { handleLabel } from "~/modules/connections/account-label";
import { networkRules, type ChannelLimits } from "~/modules/networks/rules";
import type { PostView } from "~/modules/posts/post-view.server";
import { partsFormSchema } from "~/modules/posts/schemas";
import { limitsOf, textLength } from "~/modules/posts/target-rules";
import { customizedTargets } from "~/modules/posts/target-divergence";
import { stepPath } from "~/modules/posts/wizard-steps";
import { cn } from "~/utils/cn";
import { StepCard } from "./step-card";

type TargetView = PostView["targets"][number];

/** "X @ada", "LinkedIn Ada Lovelace": how the composer names a target (its network and account). */
function useTargetName() {
  const { t } = useTranslation();
  return (target: Pick<TargetView, "network" | "channel">) => {
    const account = target.channel ? (handleLabel({ network: target.network, handle: target.channel.handle }) ?? target.channel.displayName) : "";
    return `${t(`composer.network.${target.network}`)} ${account}`.trim();
  };
}

function PartCounter({ network, limits, text, id }: { network: TargetView["network"]; limits: ChannelLimits | null; text: string; id: string }) {
  const { t } = useTranslation();
  // The channel's own limits where they differ by channel (a Mastodon instance's).
  const length = textLength(network, text, limits);
  const { maxChars } = limitsOf(network, limits);
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn("text-xs text-muted-foreground tabular-nums", length > maxChars * 0.9 && "text-warning", length > maxChars && "font-semibold text-error")}
    >
      {t("create.review.counter", { length, max: maxChars })}
      {length > maxChars ? ` · ${t("create.review.overBy", { count: length - maxChars })}` : null}
    </p>
  );
}

/**
 * The composer: each target (a connected account) with its own parts: a thread on X, the post and
 * its first comment on LinkedIn. Every button is a submit button with an intent ("move-up:0:2"):
 * the server applies it and comes back here, with or without JavaScript.
 */
export function PartsEditor({ post, lastResult }: { post: PostView; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const nameOf = useTargetName();
  const targets = post.targets.filter((target) => target.channelId);
  const [form, fields] = useZodForm("parts", partsFormSchema, lastResult, {
    defaultValue: {
      targets: targets.map((target) => ({
        channelId: target.channelId,
        parts: target.parts.map((part) => ({ text: part.text, imageIds: part.images.map((image) => image.id) })),
      })),
    },
  });
  const imageById = new Map(post.images.map((image) => [image.id, image]));
  const targetFields = fields.targets.getFieldList();
  // As saved: which accounts left the text the content step gave them all.
  const customized = customizedTargets(targets);
  const divergenceBadge = (ti: number) =>
    customized[ti] ? <Badge tone="info">{t("composer.divergence.custom")}</Badge> : <Badge>{t("composer.divergence.shared")}</Badge>;

  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <StepCard
        title={t("composer.title")}
        description={t("composer.description")}
        backTo={stepPath(post.id, "content")}
        actions={
          <>
            <StatusButton name="intent" value="parts-save" variant="outline">
              {t("composer.save")}
            </StatusButton>
            <StatusButton name="intent" value="parts-continue">
              {t("create.next")}
              <ArrowRight aria-hidden />
            </StatusButton>
          </>
        }
      >
        <FormErrors id={form.errorId} errors={form.errors} />
        {targets.length > 1 ? (
          <nav aria-labelledby="divergence-title" className="rounded-lg border p-3 text-sm">
            <h3 id="divergence-title" className="mb-2 font-medium">
              {t("composer.divergence.label")}
            </h3>
            <ul className="flex flex-col gap-1">
              {targets.map((target, ti) => (
                <li key={target.id}>
                  <a
                    href={`#target-${ti}-title`}
                    className="inline-flex max-w-full items-center gap-2 rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                  >
                    <span className="truncate">{nameOf(target)}</span>
                    {divergenceBadge(ti)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        {targetFields.map((targetField, ti) => {
          const target = targets[ti];
          if (!target) return null;
          const channelLimits = target.channel?.limits ?? null;
          const limits = limitsOf(target.network, channelLimits);
          // Later parts are a first comment under the post, or the next parts of a thread.
          const comments = networkRules(target.network).threadKind === "comment";
          const { channelId, parts } = targetField.getFieldset();
          const partFields = parts.getFieldList();
          const name = nameOf(target);
          const live = partFields.map((partField) => {
            const { text, imageIds } = partField.getFieldset();
            const ids = Array.isArray(imageIds.value) ? imageIds.value : imageIds.value ? [imageIds.value] : [];
            return {
              text: typeof text.value === "string" ? text.value : "",
              images: ids.flatMap((id) => (typeof id === "string" ? (imageById.get(id) ?? []) : [])),
            };
          });
          return (
            <section
              key={targetField.key}
              aria-labelledby={`target-${ti}-title`}
              className="grid grid-cols-1 gap-4 border-t pt-4 first:border-t-0 first:pt-0 lg:grid-cols-2"
            >
              <input {...getInputProps(channelId, { type: "hidden" })} key={channelId.key} />
              <div className="flex min-w-0 flex-col gap-3">
                <h3 id={`target-${ti}-title`} className="flex items-center gap-2 font-semibold">
                  {shownAvatar(target.channel?.avatarUrl) ? (
                    <img src={shownAvatar(target.channel?.avatarUrl) ?? undefined} alt="" className="size-8 rounded-full object-cover" />
                  ) : (
                    <span aria-hidden className="grid size-8 place-items-center rounded-full bg-muted text-xs font-semibold">
                      {initials(target.channel?.displayName ?? "?")}
                    </span>
                  )}
                  <span className="flex min-w-0 flex-col leading-tight">
                    <span className="truncate">{target.channel?.displayName}</span>
                    <span className="flex items-center gap-1 text-xs font-normal text-muted-foreground">
                      <PlatformIcon platform={target.network} className="size-3.5" />
                      <span className="sr-only">{t(`composer.network.${target.network}`)}</span>
                      <span className="truncate">{handleLabel({ network: target.network, handle: target.channel?.handle ?? null })}</span>
                    </span>
                  </span>
                  {targets.length > 1 ? <span className="ml-auto shrink-0">{divergenceBadge(ti)}</span> : null}
                </h3>
                <ErrorList id={parts.errorId} errors={parts.errors} />
                <ol className="flex flex-col gap-4">
                  {partFields.map((partField, pi) => {
                    const { text, imageIds } = partField.getFieldset();
                    const value = live[pi]?.text ?? "";
                    const over = textLength(target.network, value, channelLimits) > limits.maxChars;
                    const partName = comments ? t(pi === 0 ? "composer.mainPost" : "composer.firstComment") : t("composer.part", { part: pi + 1 });
                    const label = `${name}, ${partName}`;
                    const imagesAllowed = pi === 0 || limits.imagesAfterFirstPart;
                    return (
                      <li key={partField.key} className="flex flex-col gap-2 rounded-lg border bg-card p-3">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <Label htmlFor={text.id}>
                            <span className="sr-only">{name}, </span>
                            {partName}
                          </Label>
                          <span className="flex gap-1">
                            <Button
                              type="submit"
                              name="intent"
                              value={`move-up:${ti}:${pi}`}
                              variant="ghost"
                              size="icon"
                              disabled={pi === 0}
                              aria-label={t("composer.moveUp", { part: label })}
                            >
                              <ArrowUp aria-hidden />
                            </Button>
                            <Button
                              type="submit"
                              name="intent"
                              value={`move-down:${ti}:${pi}`}
                              variant="ghost"
                              size="icon"
                              disabled={pi === partFields.length - 1}
                              aria-label={t("composer.moveDown", { part: label })}
                            >
                              <ArrowDown aria-hidden />
                            </Button>
                            <Button
                              type="submit"
                              name="intent"
                              value={`remove-part:${ti}:${pi}`}
                              variant="ghost"
                              size="icon"
                              disabled={partFields.length === 1}
                              aria-label={t("composer.remove", { part: label })}
                            >
                              <Trash2 aria-hidden />
                            </Button>
                          </span>
                        </div>
                        <Textarea {...getTextareaProps(text, { ariaDescribedBy: `${text.id}-counter` })} key={text.key} rows={comments && pi === 0 ? 8 : 4} />
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <PartCounter network={target.network} limits={channelLimits} text={value} id={`${text.id}-counter`} />
                          {over ? (
                            <Button
                              type="submit"
                              name="intent"
                              value={`split:${ti}:${pi}`}
                              variant="outline"
                              size="sm"
                              aria-label={t("composer.splitLabel", { part: label })}
                            >
                              <Scissors aria-hidden />
                              {t("composer.split")}
                            </Button>
                          ) : null}
                        </div>
                        <ErrorList id={text.errorId} errors={text.errors} />
                        {post.images.length > 0 ? (
                          imagesAllowed ? (
                            <fieldset className="flex flex-wrap gap-2">
                              <legend className="mb-1 text-xs text-muted-foreground">{t("composer.images")}</legend>
                              {getCollectionProps(imageIds, { type: "checkbox", options: post.images.map((image) => image.id) }).map(
                                ({ key, ...props }, ii) => (
                                  <label
                                    key={key}
                                    className="flex cursor-pointer items-center gap-1 rounded-md border p-1 has-[:checked]:border-primary has-[:checked]:bg-accent"
                                  >
                                    <input {...props} className="accent-primary" aria-label={t("composer.imageN", { n: ii + 1, part: label })} />
                                    <img src={post.images[ii]?.url} alt="" className="size-10 rounded object-cover" />
                                  </label>
                                ),
                              )}
                            </fieldset>
                          ) : (
                            <p className="text-xs text-muted-foreground">{t("composer.noImagesInComment")}</p>
                          )
                        ) : null}
                        <ErrorList id={imageIds.errorId} errors={imageIds.errors} />
                      </li>
                    );
                  })}
                </ol>
                {partFields.length < limits.maxParts ? (
                  <Button
                    type="submit"
                    name="intent"
                    value={`add-part:${ti}`}
                    variant="outline"
                    size="sm"
                    className="self-start"
                    aria-label={t(comments ? "composer.addCommentTo" : "composer.addPartTo", { target: name })}
                  >
                    <Plus aria-hidden />
                    {t(comments ? "composer.addComment" : "composer.addPart")}
                  </Button>
                ) : null}
              </div>
              <div className="flex min-w-0 flex-col gap-2">
                <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("create.review.preview")}</span>
                <TargetPreview target={{ network: target.network, channel: target.channel, parts: live }} />
              </div>
            </section>
          );
        })}
      </StepCard>
    </Form>
  );
}
