import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useOptionalUser } from "./use-root-data";

type Style = "dateTime" | "date" | "time" | "long" | "weekday";

const options: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  date: { dateStyle: "medium" },
  time: { timeStyle: "short" },
  long: { dateStyle: "full", timeStyle: "short" },
  /** A day as a heading: "Friday, November 27". */
  weekday: { weekday: "long", day: "numeric", month: "long" },
};

/**
 * Building an Intl.DateTimeFormat costs far more than formatting with one (a month of posts formats
 * hundreds of dates per render), and each holds an ICU formatter (~10 KB) outside V8's heap, where the garbage
 * collector does not count it: one made per date shown left hundreds of MB behind after a few
 * hundred /posts renders (docs/decisions/0030). One is made per language, style and zone, and
 * kept. Zones are the accounts' own, so the map stays small; it is emptied if it ever is not.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const MAX_FORMATTERS = 500;

export function formatterFor(language: string, style: Style, timeZone: string): Intl.DateTimeFormat {
  const key = `${language}|${style}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatter = new Intl.DateTimeFormat(language, { ...options[style], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats instants in the signed-in user's own time zone and the page's language. The zone comes
 * from the account, not the browser, so the server and the browser render the same text.
 */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const timeZone = useOptionalUser()?.timezone ?? "UTC";
  return useCallback(
    (value: string | Date, style: Style = "dateTime") =>
      formatterFor(i18n.language, style, timeZone).format(typeof value === "string" ? new Date(value) : value),
    [i18n.language, timeZone],
  );
}
