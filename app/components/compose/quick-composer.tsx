import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { CalendarCheck, ImagePlus, ListPlus, Plus, Send, Trash2 } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { pressMainAction } from "~/components/create/step-card";
import { useZodForm } from "~/components/forms/use-zod-form";
import { TargetPreview } from "~/components/posts/target-previews";
import { Button, buttonVariants } from "~/components/ui/button";
import { ErrorList, FormErrors } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { StatusButton } from "~/components/ui/status-button";
import { networkRules, type ChannelLimits } from "~/modules/networks/rules";
import { hasDivider, partsForNetwork, splitTextAtDividers } from "~/modules/posts/composer";
import type { ComposerPage } from "~/modules/posts/quick-compose.server";
import { MAX_PARTS, quickComposerSchema } from "~/modules/posts/schemas";
import { PROBLEM_KEYS, targetLabel, targetProblems } from "~/modules/posts/target-rules";
import { cn } from "~/utils/cn";
import { useFormatDate } from "~/utils/use-format-date";
import { useHydrated } from "~/utils/use-hydrated";
import { ComposerChannels } from "./composer-channels";
import { ComposerPart, type PartImage } from "./composer-part";

export type ComposerData = ComposerPage & { timezone: string; queue: { slotCount: number; next: string | null } };

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : typeof value === "string" && value ? [value] : [];

/**
 * The one-screen composer: accounts, the thread (with its images), the previews and the time, in
 * one form. Every button saves first (the action), so nothing typed is lost; with JavaScript the
 * previews and counters follow each keystroke, images can be dropped or pasted, and a `---` line
 * starts a new part as it is typed.
 */
export function QuickComposer({ data, lastResult }: { data: ComposerData; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const actionsRef = useRef<HTMLDivElement>(null);
  const [form, fields] = useZodForm("compose", quickComposerSchema, lastResult, {
    defaultValue: { channels: data.chosen, parts: data.parts, date: data.slot.date, time: data.slot.time },
  });
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const uploading = sending === "upload";

  const partFields = fields.parts.getFieldList();
  const parts = partFields.map((partField) => {
    const { text, imageIds } = partField.getFieldset();
    return { text: typeof text.value === "string" ? text.value : "", imageIds: list(imageIds.value) };
  });
  const chosenIds = list(fields.channels.value);
  const formatDate = useFormatDate();
  const hasQueue = data.queue.slotCount > 0;
  // The next free slot was found for the accounts chosen when the page loaded; for others the add finds theirs.
  const sameAccounts = chosenIds.length === data.chosen.length && data.chosen.every((id) => chosenIds.includes(id));
  const chosen = data.channels.filter((channel) => chosenIds.includes(channel.id));
  const limitsOfChannel = (id: string): ChannelLimits | null => data.channelLimits[id] ?? null;
  const imageById = new Map<string, PartImage>((data.post?.images ?? []).map((image) => [image.id, image]));
  const imagesOf = (ids: string[]) => ids.flatMap((id) => imageById.get(id) ?? []);

  // One counter per network and limit among the chosen accounts.
  const counted = [
    ...new Map(
      chosen.map((channel) => [
        `${channel.network}:${JSON.stringify(limitsOfChannel(channel.id))}`,
        { network: channel.network, limits: limitsOfChannel(channel.id) },
      ]),
    ).values(),
  ];
  const shaped = chosen.map((channel) => ({ channel, parts: partsForNetwork(channel.network, limitsOfChannel(channel.id), parts) }));
  const problems = targetProblems(
    shaped.map(({ channel, parts: own }) => ({
      network: channel.network,
      limits: limitsOfChannel(channel.id),
      parts: own.map((part) => ({ text: part.text, imageCount: part.imageIds.length })),
    })),
  ).filter((problem) => problem.code !== "text_required" || parts.some((part) => part.text.trim() !== ""));
  const problemText = problems.map((problem) => {
    const target = shaped[problem.target];
    const label = target ? targetLabel({ network: target.channel.network, channel: target.channel }) : "";
    return t(PROBLEM_KEYS[problem.code].message, { target: label, part: (problem.part ?? 0) + 1, length: problem.length ?? 0, max: problem.max ?? 0 });
  });

  /** Later parts: a reply where the network threads, the first comment on LinkedIn. */
  const partHint = (index: number) => {
    if (index === 0 || chosen.length === 0) return null;
    const kinds = new Set(chosen.map((channel) => networkRules(channel.network).threadKind));
    if (kinds.size === 1) return t(kinds.has("comment") ? "composer.quick.hintComment" : "composer.quick.hintReply");
    return t("composer.quick.hintBoth");
  };

  const uploadFiles = (files: File[], part: number) => {
    if (!formRef.current || files.length === 0) return;
    const body = new FormData(formRef.current);
    body.delete("image");
    for (const file of files) body.append("image", file, file.name || "pasted-image.png");
    body.set("intent", "upload");
    body.set("imagePart", String(part));
    submit(body, { method: "post", encType: "multipart/form-data" });
  };

  // A `---` line cuts the part where it is typed; the cursor goes on in the last piece.
  const onText = (index: number, text: string) => {
    if (!hasDivider(text)) return;
    const pieces = splitTextAtDividers(text);
    const current = parts.map((part, p) => (p === index ? { ...part, text } : part));
    const next = [
      ...current.slice(0, index),
      ...pieces.map((piece, i) => ({ text: piece, imageIds: i === 0 ? (current[index]?.imageIds ?? []) : [] })),
      ...current.slice(index + 1),
    ].slice(0, MAX_PARTS);
    // The list's input type reads image ids as unknown (they are preprocessed): these are its values.
    form.update({ name: fields.parts.name, value: next as never });
    const focusAt = Math.min(index + pieces.length - 1, next.length - 1);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLTextAreaElement>(`textarea[name="parts[${focusAt}].text"]`)?.focus());
  };

  return (
    <Form
      ref={formRef}
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate
      // Ctrl+Enter (⌘+Enter) presses the main action, Schedule, as in the wizard's steps.
      onKeyDown={(event) => pressMainAction(event, actionsRef.current)}
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]"
    >
      <div className="flex min-w-0 flex-col gap-6 rounded-xl border bg-card p-4 shadow-xs sm:p-6">
        <ComposerChannels field={fields.channels} page={data} />

        <section aria-labelledby="thread-title" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="thread-title" className="text-sm font-medium">
              {t("composer.quick.thread")}
            </h2>
            <p className="text-xs text-muted-foreground">{t("composer.quick.dividerHint")}</p>
          </div>
          <ol className="flex flex-col gap-3">
            {partFields.map((partField, index) => {
              const label = index === 0 ? t("composer.mainPost") : t("composer.part", { part: index + 1 });
              const { text, imageIds } = partField.getFieldset();
              return (
                <ComposerPart
                  key={partField.key}
                  fields={{
                    textarea: { ...getTextareaProps(text, { ariaDescribedBy: `${text.id}-counter` }), key: text.key },
                    text: { id: text.id, value: parts[index]?.text ?? "", errorId: text.errorId, errors: text.errors },
                    imageIds: { name: imageIds.name, errorId: imageIds.errorId, errors: imageIds.errors },
                  }}
                  index={index}
                  label={label}
                  hint={partHint(index)}
                  images={imagesOf(parts[index]?.imageIds ?? [])}
                  counted={counted}
                  busy={uploading}
                  onFiles={uploadFiles}
                  onText={onText}
                  removeButton={
                    partFields.length > 1 ? (
                      <Button
                        {...form.remove.getButtonProps({ name: fields.parts.name, index })}
                        variant="ghost"
                        size="icon"
                        aria-label={t("composer.remove", { part: label })}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    ) : null
                  }
                />
              );
            })}
          </ol>
          <ErrorList id={fields.parts.errorId} errors={fields.parts.errors} />
          <div className="flex flex-wrap items-center gap-2">
            {partFields.length < MAX_PARTS ? (
              <Button
                {...form.insert.getButtonProps({ name: fields.parts.name, defaultValue: { text: "", imageIds: [] as never } })}
                variant="outline"
                size="sm"
              >
                <Plus aria-hidden />
                {t("composer.quick.addPart")}
              </Button>
            ) : null}
            <label
              className={cn(buttonVariants({ variant: "outline", size: "sm" }), "has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-ring")}
            >
              {uploading ? <Spinner /> : <ImagePlus aria-hidden />}
              {uploading ? t("composer.quick.uploading") : t("composer.quick.addImages")}
              <input
                type="file"
                name="image"
                accept="image/jpeg,image/png,image/gif,image/webp"
                multiple
                className="sr-only"
                onChange={(event) => {
                  if (hydrated) uploadFiles(Array.from(event.currentTarget.files ?? []), 0);
                }}
              />
            </label>
            {hydrated ? (
              <span className="text-xs text-muted-foreground">{t("composer.quick.dropHint")}</span>
            ) : (
              <StatusButton name="intent" value="upload" variant="outline" size="sm" formNoValidate>
                {t("composer.quick.upload")}
              </StatusButton>
            )}
          </div>
        </section>

        {problemText.length > 0 ? (
          <div role="status" className="flex flex-col gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm">
            <ul className="flex list-disc flex-col gap-1 pl-5">
              {problemText.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
            {chosen.length > 1 ? (
              <Button type="submit" name="intent" value="customize" variant="outline" size="sm" className="self-start" formNoValidate>
                {t("composer.quick.customize")}
              </Button>
            ) : null}
          </div>
        ) : null}

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-medium">{t("composer.quick.when")}</legend>
          {hasQueue ? (
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 rounded-lg bg-muted/50 px-3 py-2 text-sm">
              <p>
                {chosenIds.length === 0
                  ? t("queue.add.chooseAccounts")
                  : sameAccounts && data.queue.next
                    ? t("queue.add.next", { when: formatDate(data.queue.next) })
                    : sameAccounts
                      ? t("queue.add.noneFree")
                      : t("queue.add.firstFree")}
              </p>
              <Link to="/queue" className="text-xs text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                {t("queue.add.editSlots")}
              </Link>
            </div>
          ) : null}
          {hasQueue ? <p className="text-xs text-muted-foreground">{t("queue.add.orPickTime")}</p> : null}
          <div className="grid gap-3 sm:max-w-md sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={fields.date.id}>{t("create.schedule.date")}</Label>
              <Input {...getInputProps(fields.date, { type: "date" })} key={fields.date.key} />
              <ErrorList id={fields.date.errorId} errors={fields.date.errors} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={fields.time.id}>{t("create.schedule.time")}</Label>
              <Input {...getInputProps(fields.time, { type: "time" })} key={fields.time.key} />
              <ErrorList id={fields.time.errorId} errors={fields.time.errors} />
            </div>
          </div>
          <p className="text-xs text-muted-foreground">
            {hasQueue ? null : `${t("composer.quick.suggested")} `}
            {t("create.schedule.zoneNote", { zone: data.timezone })}
          </p>
        </fieldset>

        <FormErrors id={form.errorId} errors={form.errors} />
        <div ref={actionsRef} className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-end">
          <StatusButton name="intent" value="save" variant="ghost" formNoValidate>
            {t("create.schedule.saveDraft")}
          </StatusButton>
          <StatusButton name="intent" value="publish" variant="outline" pendingLabel={t("composer.quick.publishing")}>
            <Send aria-hidden />
            {t("create.schedule.now")}
          </StatusButton>
          <StatusButton name="intent" value="schedule" variant={hasQueue ? "outline" : "default"} pendingLabel={t("create.progress.scheduling")}>
            <CalendarCheck aria-hidden />
            {t("composer.quick.schedule")}
          </StatusButton>
          {/* Last: the main action, the one Ctrl+Enter presses. */}
          {hasQueue ? (
            <StatusButton name="intent" value="queue" formNoValidate pendingLabel={t("create.progress.scheduling")}>
              <ListPlus aria-hidden />
              {t("queue.add.button")}
            </StatusButton>
          ) : null}
        </div>
      </div>

      <aside aria-labelledby="previews-title" className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-4 lg:self-start">
        <h2 id="previews-title" className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          {t("create.review.preview")}
        </h2>
        {shaped.length === 0 ? (
          <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">{t("composer.quick.noPreview")}</p>
        ) : (
          shaped.map(({ channel, parts: own }) => (
            <TargetPreview
              key={channel.id}
              target={{
                network: channel.network,
                channel,
                parts: own.map((part) => ({ text: part.text, images: imagesOf(part.imageIds) })),
              }}
            />
          ))
        )}
      </aside>
    </Form>
  );
}
