import { z } from "zod";

// The shapes of the files under content/ (docs/decisions/0016). A file that does
// not match fails the start with its path and the field at fault (see content.server.ts).
// content/<locale>/index.yaml, pricing.yaml, blog/*.md, docs/**/*.md (+ docs/<folder>/_dir.yml),
// pages/*.md (about, careers, contact, privacy, terms).

const text = z.string().trim().min(1);
/** A path inside the site ("/pricing") or an absolute https address. */
const href = z.string().regex(/^(\/[^\s]*|https:\/\/\S+|mailto:\S+)$/, "must be a site path like /pricing, an https:// address or mailto:");
const link = z.object({ label: text, to: href });

export const seoSchema = z
  .object({ title: text.optional(), description: text.optional(), image: z.string().optional() })
  .strict()
  .default({});

export const navigationSchema = z.union([
  z.literal(false),
  z.object({ title: text.optional(), order: z.number().int().optional(), icon: z.string().optional() }).strict(),
]);

/** Front matter every markdown file has. */
export const pageMetaSchema = z
  .object({
    title: text,
    description: text,
    seo: seoSchema,
    navigation: navigationSchema.default({}),
    /** Legal pages: when they last changed (YYYY-MM-DD). */
    updated: z.iso.date().optional(),
  })
  .strict();

export const blogMetaSchema = pageMetaSchema
  .extend({
    image: z.object({ src: text, alt: text, width: z.number().int().positive(), height: z.number().int().positive() }).strict(),
    authors: z.array(z.object({ name: text, role: text.optional(), avatar: z.string().optional() }).strict()).min(1),
    date: z.iso.date(),
    badge: z.object({ label: text, color: z.enum(["primary", "info", "success", "warning", "neutral"]).default("primary") }).strict(),
  })
  .strict();

export const dirSchema = z.object({ title: text, order: z.number().int().default(0), icon: z.string().optional() }).strict();

const iconName = z.string().regex(/^[a-z0-9-]+$/, "a lucide icon name in kebab-case, e.g. calendar-clock");
const item = z.object({ icon: iconName.optional(), title: text, description: text }).strict();

export const indexSchema = z
  .object({
    title: text,
    description: text,
    seo: seoSchema,
    hero: z
      .object({
        /** Speaks of prices (a waitlist discount): shown only where billing is configured, `selfHostedBadge` elsewhere. */
        badge: text.optional(),
        selfHostedBadge: text.optional(),
        title: text,
        highlight: text.optional(),
        description: text,
        primary: link,
        secondary: link.optional(),
        /** As cta.note: shown only where billing is configured. */
        note: text.optional(),
        selfHostedNote: text.optional(),
      })
      .strict(),
    // The count under the form is said in app/locales (marketing.waitlist.count), through i18next's plurals.
    // `perk` and `description` speak of prices: where billing is off, `selfHostedPerk` (or none) and `selfHostedDescription`.
    waitlist: z
      .object({ title: text, description: text, perk: text, selfHostedDescription: text.optional(), selfHostedPerk: text.optional() })
      .strict(),
    stats: z.array(z.object({ value: text, label: text }).strict()).default([]),
    features: z.object({ title: text, description: text, items: z.array(item).min(1) }).strict(),
    sections: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]+$/), title: text, description: text, items: z.array(item).min(1) }).strict()).default([]),
    // Only real quotes, from real users who agreed: none by default (a self-hosted site invents nobody).
    testimonials: z
      .object({
        title: text,
        items: z.array(z.object({ quote: text, author: z.object({ name: text, role: text, avatar: z.string().optional() }).strict() }).strict()).min(1),
      })
      .strict()
      .optional(),
    /** `note` speaks of the paid plans (trial, guarantee): shown only where billing is configured, `selfHostedNote` elsewhere. */
    cta: z.object({ title: text, description: text, primary: link, note: text.optional(), selfHostedNote: text.optional() }).strict(),
  })
  .strict();

const cell = z.union([z.boolean(), text]);

export const pricingSchema = z
  .object({
    title: text,
    description: text,
    seo: seoSchema,
    currency: z.enum(["EUR", "USD"]),
    trial: text,
    guarantee: text,
    billing: z.object({ monthly: text, yearly: text, yearlyNote: text }).strict(),
    plans: z
      .array(
        z
          .object({
            id: z.enum(["free", "pro", "enterprise"]),
            name: text,
            description: text,
            /** Per month; yearly is the monthly equivalent when billed yearly. null: "custom". */
            price: z.object({ monthly: z.number().nonnegative().nullable(), yearly: z.number().nonnegative().nullable() }).strict(),
            customPrice: text.optional(),
            cta: link,
            features: z.array(text).min(1),
            highlight: z.boolean().default(false),
            badge: text.optional(),
          })
          .strict(),
      )
      .length(3),
    comparison: z
      .object({
        title: text,
        groups: z.array(z.object({ title: text, rows: z.array(z.object({ label: text, free: cell, pro: cell, enterprise: cell }).strict()).min(1) }).strict()).min(1),
      })
      .strict(),
    // Real customers only, with their consent: none by default.
    logos: z.object({ title: text, items: z.array(z.object({ name: text }).strict()).min(1) }).strict().optional(),
    /** What /pricing says on a server without billing (no STRIPE_SECRET_KEY): no prices, it is free there. */
    selfHosted: z.object({ title: text, description: text, points: z.array(text).min(1), cta: link }).strict(),
    faq: z.object({ title: text, items: z.array(z.object({ question: text, answer: text }).strict()).min(1) }).strict(),
  })
  .strict();

export type PageMeta = z.infer<typeof pageMetaSchema>;
export type BlogMeta = z.infer<typeof blogMetaSchema>;
export type IndexContent = z.infer<typeof indexSchema>;
export type PricingContent = z.infer<typeof pricingSchema>;
