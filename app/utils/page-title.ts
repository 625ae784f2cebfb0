import type { UIMatch } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { ColorMode } from "~/modules/theme/color-mode";
import type { TranslationKey } from "~/modules/i18n/keys";

/**
 * Routes name their page in `handle.title`: an i18n key, or a function of the route's data. The
 * deepest one wins; the document title is '%s - <site name>'.
 */
export interface RouteHandle {
  title?: TranslationKey | ((t: TFunction, data: unknown) => string);
  /**
   * false: the page is sent without the app's JavaScript (it works fully without it) and gets
   * the small enhancement script instead (public/enhance.js). The landing page, for its weight.
   */
  hydrate?: false;
  /** The page is drawn in this mode whatever the preference (app/modules/theme/color-mode.ts). */
  forcedColorMode?: ColorMode;
}

export function titleFromMatches(matches: UIMatch[], t: TFunction, siteName: string): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]!;
    const title = (match.handle as RouteHandle | undefined)?.title;
    if (title) return `${typeof title === "function" ? title(t, match.data) : t(title)} - ${siteName}`;
  }
  return siteName;
}
