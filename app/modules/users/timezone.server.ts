let zones: string[] | undefined;

/** Every IANA time zone this server knows, for pickers (computed once). */
export function listTimeZones(): string[] {
  zones ??= ["UTC", ...Intl.supportedValuesOf("timeZone").filter((zone) => zone !== "UTC")];
  return zones;
}
