import { z } from "zod";

/** A path on this site ("/posts"), never another origin ("//evil.example", "https://…"). */
const sitePath = z.string().regex(/^\/(?![/\\])/, "a path on this site");

/**
 * A toast's button: a link (`href`; `reloadDocument` loads the page afresh), a form post
 * (`formAction` with its hidden `fields`), or a fresh load of whatever page is open then
 * (`reload`). All are links and forms, so they work without JavaScript too.
 */
export const toastActionSchema = z.union([
  z.object({ label: z.string(), href: sitePath, reloadDocument: z.boolean().optional() }),
  z.object({ label: z.string(), formAction: sitePath, fields: z.record(z.string(), z.string()).optional() }),
  z.object({ label: z.string(), reload: z.literal(true) }),
]);

export const TOAST_COLORS = ["primary", "success", "info", "warning", "error", "neutral"] as const;

/** Icons by name (the toast travels in a cookie, so it names an icon rather than holding one). */
export const TOAST_ICONS = ["info", "success", "warning", "error", "calendar", "send", "trash", "copy", "link", "log-out", "refresh"] as const;

export const toastSchema = z.object({
  id: z.string(),
  color: z.enum(TOAST_COLORS).default("info"),
  title: z.string(),
  description: z.string().optional(),
  /** Defaults to the colour's icon; ignored when there is an avatar. */
  icon: z.enum(TOAST_ICONS).optional(),
  /** A picture from this site, or initials (`text`) when there is none; `alt` names who it is. */
  avatar: z.object({ src: sitePath.optional(), alt: z.string(), text: z.string().max(3).optional() }).optional(),
  actions: z.array(toastActionSchema).max(2).default([]),
  /** false: no close button (the toast still leaves after its duration). */
  close: z.boolean().default(true),
  /** Milliseconds on screen; 0 keeps it until closed. Defaults to TOAST_DURATION_MS. */
  duration: z.number().int().min(0).optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export type ToastAction = z.infer<typeof toastActionSchema>;
export type ToastInput = z.input<typeof toastSchema> extends infer T ? Omit<T, "id"> & { id?: string } : never;

// Toasts are queued, at most 5 visible (the oldest is dropped), 5 s each, removed 200 ms after
// closing, bottom-right.
export const TOAST_LIMIT = 5;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 200;

/** Two letters for an avatar without a picture: "Ada Lovelace" → "AL", "ada@example.com" → "AD". */
export function initialsOf(name: string): string {
  const words = name
    .split("@")[0]!
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? words[0]![0]! + words[1]![0]! : (words[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}
