import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { routablePath } from "~/modules/http/routable-path";
import { defaultNS, i18nConfig, isLocale, fallbackLanguage } from "~/modules/i18n/i18n";
import { listenForChunkFailures } from "~/utils/chunk-reload";

listenForChunkFailures();

async function hydrate() {
  // The address the server answered (server/malformed-url.ts), or the router throws as it starts.
  const pathname = routablePath(window.location.pathname);
  if (pathname !== window.location.pathname) window.history.replaceState(window.history.state, "", pathname + window.location.search + window.location.hash);
  const lang = document.documentElement.lang;
  // Only the page's own language is downloaded.
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((language: string, namespace: string) => import(`./locales/${language}/${namespace}.json`)))
    .init({
      ...i18nConfig,
      lng: isLocale(lang) ? lang : fallbackLanguage,
      missingKeyHandler: (languages, namespace, key) => console.warn(`Missing translation key: ${namespace}:${key} (${languages.join(", ")})`),
    });
  // The translations' chunk did not load: the page is reloading, or gave up (chunk-reload.ts). The
  // server's page stays as it is, usable as without JavaScript, rather than hydrate with no texts.
  if (!i18next.hasResourceBundle(i18next.language, defaultNS)) return;

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
