import { z } from "zod";
import { isValidTimeZone } from "./timezone";

export const timezoneFormSchema = z.object({
  timezone: z.string({ error: "validation.invalidTimeZone" }).refine(isValidTimeZone, "validation.invalidTimeZone"),
});
