import { z } from "zod";
import { SLOT_TIME_RE } from "./queue-slots";

// The queue's JSON API input (docs/api.md), bounded before any work.

export const MAX_QUEUE_SLOTS = 100;
export const MAX_NEXT_TIMES = 50;

const slotSchema = z.object({
  channelId: z.string({ error: "queue.validation.channel" }).max(64, { error: "queue.validation.channel" }).nullable().default(null),
  weekday: z.number({ error: "queue.validation.weekday" }).int({ error: "queue.validation.weekday" }).min(1, { error: "queue.validation.weekday" }).max(7, {
    error: "queue.validation.weekday",
  }),
  time: z.string({ error: "queue.validation.time" }).regex(SLOT_TIME_RE, { error: "queue.validation.time" }),
});

const slotKey = (slot: { channelId: string | null; weekday: number; time: string }) => `${slot.channelId ?? ""}|${slot.weekday}|${slot.time}`;

export const apiQueueSchema = z.object({
  slots: z
    .array(slotSchema, { error: "queue.validation.slots" })
    .max(MAX_QUEUE_SLOTS, { error: "queue.validation.tooManySlots" })
    .superRefine((slots, ctx) => {
      const seen = new Set<string>();
      slots.forEach((slot, index) => {
        const key = slotKey(slot);
        if (seen.has(key)) ctx.addIssue({ code: "custom", path: [index, "time"], message: "queue.validation.duplicate" });
        seen.add(key);
      });
    }),
});

export type QueueSlotInput = z.infer<typeof apiQueueSchema>["slots"][number];

export const nextQueueQuerySchema = z.object({
  channelId: z.string({ error: "queue.validation.channelRequired" }).min(1, { error: "queue.validation.channelRequired" }),
  count: z.coerce
    .number({ error: "queue.validation.count" })
    .int({ error: "queue.validation.count" })
    .min(1, { error: "queue.validation.count" })
    .max(MAX_NEXT_TIMES, { error: "queue.validation.count" })
    .default(10),
});

// The posting-times page's forms (docs/decisions/0069).

/** Add a time on one or more weekdays, for one account or (empty) every account. */
export const addSlotsFormSchema = z.object({
  weekdays: z
    .array(
      z.number({ error: "queue.slots.errors.weekdays" }).int({ error: "queue.slots.errors.weekdays" }).min(1, { error: "queue.slots.errors.weekdays" }).max(7, {
        error: "queue.slots.errors.weekdays",
      }),
      { error: "queue.slots.errors.weekdays" },
    )
    .min(1, { error: "queue.slots.errors.weekdays" })
    .max(7, { error: "queue.slots.errors.weekdays" }),
  time: z.string({ error: "queue.validation.time" }).regex(SLOT_TIME_RE, { error: "queue.validation.time" }),
  channelId: z.string().max(64, { error: "queue.validation.channel" }).optional(),
});

/** Remove one slot. */
export const removeSlotFormSchema = z.object({
  slotId: z.string({ error: "queue.slots.errors.notFound" }).max(64, { error: "queue.slots.errors.notFound" }),
});
