/**
 * A page may force a colour mode, light or dark (never system), with
 * `export const handle = { forcedColorMode: "light" }`. It changes how that page is drawn, not the
 * preference the browser keeps.
 */
export type ColorMode = "light" | "dark";

function isColorMode(value: unknown): value is ColorMode {
  return value === "light" || value === "dark";
}

/** The deepest route's forced mode, if any; anything but light or dark (e.g. "system") is ignored. */
export function forcedColorModeOf(matches: ReadonlyArray<{ handle?: unknown }>): ColorMode | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const forced = (matches[i]!.handle as { forcedColorMode?: unknown } | undefined)?.forcedColorMode;
    if (forced !== undefined) return isColorMode(forced) ? forced : null;
  }
  return null;
}

/**
 * The mode the page is drawn in: the forced one, else the preference. null means "follow the
 * system", which only the browser can resolve (CSS and remix-themes do); it is never forced.
 */
export function resolveColorMode(forced: ColorMode | null, preference: string | null | undefined): ColorMode | null {
  if (forced) return forced;
  return isColorMode(preference) ? preference : null;
}
