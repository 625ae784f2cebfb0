import { z } from "zod";
import { isStorableText } from "~/modules/forms/text";
import { MAX_ALT_TEXT } from "~/modules/media/limits";
import { PLATFORMS } from "~/core/platforms/platforms";

// Shared by the wizard's forms (browser and server) and the JSON API. Messages are i18n keys.

/** A draft may hold more than a platform accepts (the editor shows it); scheduling checks limits. */
export const DRAFT_TEXT_MAX = 20_000;
export const PROMPT_MAX = 2_000;

const asArray = (value: unknown) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);

export const platformListSchema = z.preprocess(
  asArray,
  z.array(z.enum(PLATFORMS, { error: "posts.validation.choosePlatform" })).min(1, "posts.validation.choosePlatform"),
);

const draftText = z.string().max(DRAFT_TEXT_MAX, "posts.validation.textTooLong").refine(isStorableText, "errors.invalidCharacters");

/**
 * The wizard's first step. `connect` is its "Connect" buttons: the choice is saved with that
 * platform added, and the user goes to connect it and comes back to the draft.
 */
export const platformsFormSchema = z
  .object({
    platforms: z.preprocess(asArray, z.array(z.enum(PLATFORMS, { error: "posts.validation.choosePlatform" }))),
    connect: z.enum(PLATFORMS).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.connect && value.platforms.length === 0) ctx.addIssue({ code: "custom", path: ["platforms"], message: "posts.validation.choosePlatform" });
  });

/** The platforms a submitted first step chooses: the ticked ones, and the one being connected. */
export function chosenPlatforms({ platforms, connect }: z.output<typeof platformsFormSchema>) {
  return PLATFORMS.filter((platform) => platforms.includes(platform) || platform === connect);
}

export const methodFormSchema = z.object({
  method: z.enum(["manual", "ai"], { error: "posts.validation.chooseMethod" }),
});

export const manualContentSchema = z.object({
  text: z.string({ error: "posts.validation.textRequired" }).trim().min(1, "posts.validation.textRequired").pipe(draftText),
});

export const aiPromptSchema = z.object({
  prompt: z
    .string({ error: "posts.validation.promptRequired" })
    .trim()
    .min(3, "posts.validation.promptRequired")
    .max(PROMPT_MAX, "posts.validation.promptTooLong")
    .refine(isStorableText, "errors.invalidCharacters"),
  emojis: z.boolean().default(false),
  hashtags: z.boolean().default(false),
});

export const reviewFormSchema = z.object({
  linkedinText: draftText.default(""),
  twitterText: draftText.default(""),
});

export const altTextSchema = z.object({
  imageId: z.string().min(1),
  altText: z.string().trim().max(MAX_ALT_TEXT, "posts.validation.altTextTooLong").refine(isStorableText, "errors.invalidCharacters").default(""),
});

/** The images step's alt text form (one per image). */
export const altTextFormSchema = altTextSchema.extend({ intent: z.literal("altText") });

/** The images step's small forms, told apart by their button's intent; they work without JavaScript. */
export const imageStepSchema = z.discriminatedUnion("intent", [
  altTextFormSchema,
  z.object({ intent: z.enum(["moveUp", "moveDown", "remove"]), imageId: z.string().min(1) }),
  z.object({ intent: z.literal("continue") }),
]);
export type ImageChange = Exclude<z.output<typeof imageStepSchema>, { intent: "continue" }>;

/** The fields sent beside the files of an upload (the page and the API). */
export const imageUploadFieldsSchema = z.object({ altText: altTextSchema.shape.altText });

export const scheduleFormSchema = z
  .object({
    when: z.enum(["now", "later"], { error: "posts.validation.chooseWhen" }),
    date: z.string().optional(),
    time: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.when !== "later") return;
    if (!value.date) ctx.addIssue({ code: "custom", path: ["date"], message: "posts.validation.dateRequired" });
    if (!value.time) ctx.addIssue({ code: "custom", path: ["time"], message: "posts.validation.timeRequired" });
  });

// The JSON API (docs/api.md).
const isoDateTime = z.iso.datetime({ offset: true, error: "posts.validation.dateTimeInvalid" });

export const apiCreatePostSchema = z.object({
  platforms: platformListSchema,
  linkedinText: draftText.default(""),
  twitterText: draftText.default(""),
  scheduledAt: isoDateTime.optional(),
});

export const apiUpdatePostSchema = z
  .object({ platforms: platformListSchema.optional(), linkedinText: draftText.optional(), twitterText: draftText.optional() })
  .refine((v) => v.platforms !== undefined || v.linkedinText !== undefined || v.twitterText !== undefined, {
    message: "posts.validation.nothingToUpdate",
    path: ["body"],
  });

export const apiScheduleSchema = z.object({ scheduledAt: isoDateTime });

/** Version 2 input bounds, checked before any work (the networks' own limits, checked when scheduling, are far below). */
export const MAX_TARGETS = 20;
export const MAX_PARTS = 25;
export const MAX_IMAGE_IDS_PER_PART = 4;

const partSchema = z.object({
  text: draftText.describe(`At most ${DRAFT_TEXT_MAX} characters in a draft; the network's limit is checked when scheduling`),
  imageIds: z
    .array(z.string().max(64))
    .max(MAX_IMAGE_IDS_PER_PART, "posts.validation.tooManyImageIds")
    .optional()
    .describe("Images of this post (POST /api/posts/{id}/images) shown with this part, in order"),
});

const targetSchema = z.object({
  channelId: z.string({ error: "posts.validation.channelRequired" }).min(1, "posts.validation.channelRequired").max(64).describe("One of GET /api/channels"),
  parts: z
    .array(partSchema)
    .min(1, "posts.validation.partsCount")
    .max(MAX_PARTS, "posts.validation.partsCount")
    .describe("Part 1 is the post; then replies (a thread) or, on LinkedIn, the first comment"),
});

export const targetListSchema = z
  .array(targetSchema)
  .max(MAX_TARGETS, "posts.validation.tooManyTargets")
  .describe("The channels the post goes to, each with its ordered parts");

/** The version 1 fields, refused beside `targets` (one body says what to post one way). */
const notWithTargets = z.never({ error: "posts.validation.targetsOrPlatforms" }).optional().describe("Not with targets");
const withoutLegacy = { platforms: notWithTargets, linkedinText: notWithTargets, twitterText: notWithTargets };

export const apiCreatePostTargetsSchema = z.object({ targets: targetListSchema, scheduledAt: isoDateTime.optional(), ...withoutLegacy });
export const apiUpdatePostTargetsSchema = z.object({ targets: targetListSchema.describe("Replaces all the post's targets"), ...withoutLegacy });

/** Whether a body is the version 2 one (it names `targets`); the version 1 body is read otherwise. */
export function hasTargets(body: Record<string, unknown>): boolean {
  return "targets" in body;
}

export const apiGenerateSchema = z.object({
  prompt: aiPromptSchema.shape.prompt,
  platforms: platformListSchema,
  emojis: z.boolean().default(false),
  hashtags: z.boolean().default(false),
});

export const POST_FILTERS = ["all", "draft", "pending", "published", "failed"] as const;
export type PostFilter = (typeof POST_FILTERS)[number];

export const listQuerySchema = z.object({
  status: z.enum(POST_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  pageSize: z.coerce.number().int().min(1).max(100).catch(20),
});

/** GET /api/posts/export.csv: the posts list's filters, strictly (an unknown one is refused, not read as "all"). */
export const exportQuerySchema = z.object({
  status: z.enum(POST_FILTERS, { error: "posts.validation.unknownFilter" }).default("all"),
});

/** The thread composer: each target's channel and its parts (intents are read apart: composer.ts). */
export const partsFormSchema = z.object({
  targets: z
    .array(
      z.object({
        channelId: z.string().min(1).max(64),
        parts: z
          .array(z.object({ text: draftText.default(""), imageIds: z.preprocess(asArray, z.array(z.string().max(64)).max(20)) }))
          .max(50)
          .default([]),
      }),
    )
    .max(20)
    .default([]),
});

/** The first step once a network has several accounts: the accounts (channels) the post goes to. */
export const channelsFormSchema = z.object({
  channels: z.preprocess(asArray, z.array(z.string().min(1).max(64)).min(1, "posts.validation.chooseAccount").max(20)),
});

/**
 * The one-screen composer's form (/compose): the accounts, the thread, and the time. Its buttons are
 * `intent` values (quick-intents.ts); the time is required only to schedule.
 */
export const quickComposerSchema = z
  .object({
    channels: z.preprocess(asArray, z.array(z.string().min(1).max(64)).max(MAX_TARGETS, "posts.validation.tooManyTargets")),
    parts: z
      .array(z.object({ text: draftText.default(""), imageIds: z.preprocess(asArray, z.array(z.string().max(64)).max(MAX_IMAGE_IDS_PER_PART)) }))
      .max(MAX_PARTS, "composer.quick.tooManyParts")
      .default([]),
    date: z.string().max(20).optional(),
    time: z.string().max(20).optional(),
    intent: z.string().max(100).optional(),
    imagePart: z.coerce.number().int().min(0).max(MAX_PARTS).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== "schedule") return;
    if (!value.date) ctx.addIssue({ code: "custom", path: ["date"], message: "posts.validation.dateRequired" });
    if (!value.time) ctx.addIssue({ code: "custom", path: ["time"], message: "posts.validation.timeRequired" });
  });
