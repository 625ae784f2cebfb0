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

/** A fresh i18next instance (tests that change its language use their own). */
export async function createI18n(locale: Locale): Promise<I18n> {
  const instance = createInstance();
  await instance.init({ ...i18nConfig, lng: locale, resources, missingKeyHandler });
  return instance;
}

const shared = new Map<Locale, Promise<I18n>>();

/**
 * The instance for a language, shared by every render and translator of that language: its
 * language never changes and resources are fixed at run time, so one per language is enough (a
 * fresh one per request cost as much as a database query). Its translators remember plain lookups.
 */
export function sharedI18n(locale: Locale): Promise<I18n> {
  let instance = shared.get(locale);
  if (!instance) {
    instance = createI18n(locale).then(rememberPlainLookups);
    shared.set(locale, instance);
  }
  return instance;
}

/** More distinct keys than the app has: a key made from data can never grow a cache without end. */
const REMEMBERED_KEYS = 5_000;

/**
 * An i18next lookup costs tens of microseconds (namespaces, nesting, plurals, post-processing) and
 * a signed-in page makes hundreds, most with no options at all. Those are answered from a cache
 * once asked; a lookup with options (values, plurals, defaults) is made every time.
 */
function rememberPlainLookups(instance: I18n): I18n {
  const translators = new Map<string, TFunction>();
  const getFixedT = instance.getFixedT.bind(instance);
  instance.getFixedT = ((...args: Parameters<I18n["getFixedT"]>) => {
    const id = JSON.stringify(args);
    let t = translators.get(id);
    if (!t) {
      t = rememberingTranslator(getFixedT(...args));
      translators.set(id, t);
    }
    return t;
  }) as I18n["getFixedT"];
  return instance;
}

function rememberingTranslator(t: TFunction): TFunction {
  // Typed keys are checked where t is called; here a key is any string.
  const lookup = t as unknown as (...args: unknown[]) => string;
  const known = new Map<string, string>();
  const remembering = (...args: unknown[]) => {
    const [key] = args;
    if (typeof key !== "string" || args.length > 1) return lookup(...args);
    let text = known.get(key);
    if (text === undefined) {
      text = lookup(key);
      if (known.size < REMEMBERED_KEYS) known.set(key, text);
    }
    return text;
  };
  // What i18next sets on a fixed translator, for whoever reads it.
  const { lng, ns, keyPrefix } = t as unknown as { lng: unknown; ns: unknown; keyPrefix: unknown };
  return Object.assign(remembering, { lng, ns, keyPrefix }) as unknown as TFunction;
}

/** A translator for a language (the shared instance's, in the default namespace). */
export async function getTranslator(locale: Locale): Promise<TFunction> {
  return (await sharedI18n(locale)).getFixedT(locale, defaultNS);
}

/** The translator for a request's language. */
export async function getRequestT(request: Request): Promise<{ t: TFunction; locale: Locale }> {
  const locale = await getLocale(request);
  return { t: await getTranslator(locale), locale };
}
