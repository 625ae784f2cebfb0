import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useOptionalUser } from "./use-root-data";

type Style = "dateTime" | "date" | "time" | "long";

const options: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  date: { dateStyle: "medium" },
  time: { timeStyle: "short" },
  long: { dateStyle: "full", timeStyle: "short" },
};

/**
 * Formats instants in the signed-in user's own time zone and the page's language. The zone comes
 * from the account, not the browser, so the server and the browser render the same text.
 */
export function useFormatDate() {
  const { i18n } = useTranslation();
  const timeZone = useOptionalUser()?.timezone ?? "UTC";
  return useCallback(
    (value: string | Date, style: Style = "dateTime") =>
      new Intl.DateTimeFormat(i18n.language, { ...options[style], timeZone }).format(typeof value === "string" ? new Date(value) : value),
    [i18n.language, timeZone],
  );
}
