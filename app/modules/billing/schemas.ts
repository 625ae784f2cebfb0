import { z } from "zod";

export const BILLING_INTERVALS = ["month", "year"] as const;

/** POST /api/stripe/checkout and the pages' upgrade forms: which Pro price to pay. */
export const checkoutSchema = z.object({ interval: z.enum(BILLING_INTERVALS).describe("Pro billed monthly or yearly") });

/** The pricing page's "monthly"/"yearly" and the API's "month"/"year", read from a query string. */
export function intervalFrom(value: string | null | undefined): (typeof BILLING_INTERVALS)[number] | null {
  if (value === "month" || value === "monthly") return "month";
  if (value === "year" || value === "yearly") return "year";
  return null;
}
