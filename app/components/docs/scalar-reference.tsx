import { useEffect, useRef, useState, type ReactNode } from "react";

// Scalar's API reference (docs/decisions/0077), loaded only on /docs/api: the script is added when
// the page mounts, so no other page's JavaScript grows. Until it runs (or without JavaScript) the
// server-rendered list in `fallback` stays; once Scalar is mounted, the list is hidden.

interface ScalarInstance {
  destroy: () => void;
}

declare global {
  interface Window {
    Scalar?: { createApiReference: (element: Element, configuration: Record<string, unknown>) => ScalarInstance };
  }
}

/**
 * Scalar's colours and fonts taken from the site's own (they follow light and dark by themselves).
 * Scalar marks the body with its mode and paints it: the body keeps the site's colours too.
 */
const CUSTOM_CSS = `
body.light-mode, body.dark-mode, .scalar-app.light-mode, .scalar-app.dark-mode, .light-mode .scalar-app, .dark-mode .scalar-app {
  --scalar-font: var(--font-sans);
  --scalar-background-1: var(--background);
  --scalar-background-2: var(--muted);
  --scalar-background-3: var(--muted);
  --scalar-background-accent: var(--accent);
  --scalar-color-1: var(--foreground);
  --scalar-color-2: var(--muted-foreground);
  --scalar-color-3: var(--muted-foreground);
  --scalar-color-accent: var(--primary);
  --scalar-border-color: var(--border);
}
.scalar-app { background: transparent; }
/* The page's own header introduces it: no tall gap above Scalar's. */
.scalar-app .section.introduction-section { padding-top: 48px; }
`;

function configuration(openApiUrl: string): Record<string, unknown> {
  const dark = document.documentElement.classList.contains("dark");
  return {
    url: openApiUrl,
    // The examples name this server (the document has no servers: it is the same on every install).
    servers: [{ url: window.location.origin }],
    // The site's colour mode, not Scalar's own toggle: the header's switch changes both.
    forceDarkModeState: dark ? "dark" : "light",
    darkMode: dark,
    hideDarkModeToggle: true,
    // Nothing fetched from elsewhere: no web fonts, no telemetry, no AI agent, no Scalar proxy.
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: "never",
    showSidebar: false,
    hideSearch: true,
    documentDownloadType: "json",
    customCss: CUSTOM_CSS,
  };
}

function loadScript(src: string): Promise<void> {
  if (window.Scalar) return Promise.resolve();
  const existing = document.querySelector<HTMLScriptElement>(`script[data-scalar]`);
  const script = existing ?? Object.assign(document.createElement("script"), { src, async: true });
  return new Promise((resolve, reject) => {
    script.addEventListener("load", () => resolve(), { once: true });
    script.addEventListener("error", () => reject(new Error(`Could not load ${src}`)), { once: true });
    if (!existing) {
      script.dataset.scalar = "";
      document.head.append(script);
    }
  });
}

export function ScalarReference({ scriptUrl, openApiUrl, label, fallback }: { scriptUrl: string; openApiUrl: string; label: string; fallback: ReactNode }) {
  const mount = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let instance: ScalarInstance | undefined;
    // Scalar reads its mode once, when mounted, and marks the body with it: a later change of the
    // site's mode is passed on by marking the body the same way.
    const observer = new MutationObserver(() => {
      const dark = document.documentElement.classList.contains("dark");
      document.body.classList.toggle("dark-mode", dark);
      document.body.classList.toggle("light-mode", !dark);
    });
    loadScript(scriptUrl)
      .then(() => {
        if (cancelled || !mount.current || !window.Scalar) return;
        instance = window.Scalar.createApiReference(mount.current, configuration(openApiUrl));
        observer.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
        setMounted(true);
      })
      // The list stays: it says everything the reference would, in plain HTML.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      observer.disconnect();
      instance?.destroy();
      document.body.classList.remove("dark-mode", "light-mode");
    };
  }, [scriptUrl, openApiUrl]);

  return (
    <>
      <div hidden={mounted}>{fallback}</div>
      <section aria-label={label} hidden={!mounted} data-testid="scalar-reference" className="-mx-4 sm:mx-0">
        <div ref={mount} />
      </section>
    </>
  );
}
