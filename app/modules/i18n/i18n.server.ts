import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { getEnv } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import { defaultNS, fallbackLanguage, i18nConfig, isLocale, supportedLanguages, type Locale } from "./i18n";
import { resources } from "./resources";

const ONE_YEAR = 60 * 60 * 24 * 365;

let cookie: ReturnType<typeof createCookie> | undefined;
/** The chosen language, read when rendering on the server. */
export function localeCookie() {
  cookie ??= createCookie("plume_locale", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getEnv().APP_URL.startsWith("https://"),
    maxAge: ONE_YEAR,
  });
  return cookie;
}

let remixI18n: RemixI18Next | undefined;
function detector(): RemixI18Next {
  remixI18n ??= new RemixI18Next({
    detection: {
      supportedLanguages: [...supportedLanguages],
      fallbackLanguage,
      cookie: localeCookie(),
      order: ["cookie", "header"],
    },
  });
  return remixI18n;
}

/**
 * The request's language: `?lang=` (the address of each language version, for links and search
 * engines), else the saved choice, else Accept-Language limited to en/fr, else en.
 */
export async function getLocale(request: Request): Promise<Locale> {
  const fromQuery = new URL(request.url).searchParams.get("lang");
  if (isLocale(fromQuery)) return fromQuery;
  const locale = await detector().getLocale(request);
  return isLocale(locale) ? locale : fallbackLanguage;
}

/** Whether the language came from an explicit choice (the cookie) rather than detection. */
export async function hasLocaleChoice(request: Request): Promise<boolean> {
  return isLocale(await localeCookie().parse(request.headers.get("Cookie")));
}

export function missingKeyHandler(lngs: readonly string[], ns: string, key: string): void {
  logger.warn({ languages: lngs, namespace: ns, key }, "Missing translation key");
}

/** A fresh i18next instance for one render or one request (instances are not shared). */
export async function createI18n(locale: Locale): Promise<I18n> {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, lng: locale, resources, missingKeyHandler });
  return instance;
}

const fixedT = new Map<Locale, TFunction>();

/** A translator for a language; instances are cached since resources never change at run time. */
export async function getTranslator(locale: Locale): Promise<TFunction> {
  let t = fixedT.get(locale);
  if (!t) {
    const instance = await createI18n(locale);
    t = instance.getFixedT(locale, defaultNS);
    fixedT.set(locale, t);
  }
  return t;
}

/** The translator for a request's language. */
export async function getRequestT(request: Request): Promise<{ t: TFunction; locale: Locale }> {
  const locale = await getLocale(request);
  return { t: await getTranslator(locale), locale };
}
