import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, isLocale, fallbackLanguage } from "~/modules/i18n/i18n";

async function hydrate() {
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
