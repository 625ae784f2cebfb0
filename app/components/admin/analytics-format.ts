// Locale-aware text for the analytics page: numbers, days (YYYY-MM-DD keys) and durations.

export function numberFormatter(locale: string) {
  const format = new Intl.NumberFormat(locale);
  return (value: number) => format.format(value);
}

export function percentFormatter(locale: string) {
  const format = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  return (value: number) => format.format(value);
}

/** A day key as text: "12 Nov" (short) or "12 November" (long). The key is a calendar day, read in UTC. */
export function dayFormatter(locale: string, month: "short" | "long") {
  const format = new Intl.DateTimeFormat(locale, { day: "numeric", month, timeZone: "UTC" });
  return (day: string) => format.format(new Date(`${day}T00:00:00Z`));
}

/** Seconds as the largest sensible unit: "42 sec", "3.5 min", "2 hr". */
export function durationFormatter(locale: string) {
  const formats = (["second", "minute", "hour"] as const).map(
    (unit) => new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }),
  );
  return (seconds: number) => {
    if (seconds < 60) return formats[0]!.format(Math.round(seconds));
    if (seconds < 3600) return formats[1]!.format(seconds / 60);
    return formats[2]!.format(seconds / 3600);
  };
}
