import type { MetaDescriptor } from "@remix-run/react";

export interface Seo {
  title: string;
  description: string;
  /** The page's path, without language ("/pricing"). */
  path: string;
  image?: string;
  type?: "website" | "article";
}

/**
 * Description, Open Graph and Twitter cards, the canonical address and one alternate per language
 * (each language version is the same path with ?lang=). The <title> itself comes from the route's
 * handle (see page-title.ts).
 */
export function seoMeta(seo: Seo | undefined, root: { siteUrl: string; siteName: string; locale: string } | undefined): MetaDescriptor[] {
  if (!seo || !root) return [];
  const url = (lang?: string) => `${root.siteUrl}${seo.path}${lang ? `?lang=${lang}` : ""}`;
  const image = seo.image ? (seo.image.startsWith("http") ? seo.image : `${root.siteUrl}${seo.image}`) : `${root.siteUrl}/images/og-default.png`;
  return [
    { name: "description", content: seo.description },
    { property: "og:site_name", content: root.siteName },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:url", content: url(root.locale) },
    { property: "og:image", content: image },
    { property: "og:locale", content: root.locale === "fr" ? "fr_FR" : "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: seo.title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
    { tagName: "link", rel: "canonical", href: url(root.locale) },
    { tagName: "link", rel: "alternate", hrefLang: "en", href: url("en") },
    { tagName: "link", rel: "alternate", hrefLang: "fr", href: url("fr") },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: url() },
  ];
}

/** A route's `meta`: the `seo` its loader returned, with the site's address from the root. */
export function routeSeoMeta({ data, matches }: { data: unknown; matches: { id: string; data: unknown }[] }): MetaDescriptor[] {
  const root = matches.find((match) => match.id === "root")?.data as { siteUrl: string; siteName: string; locale: string } | undefined;
  return seoMeta((data as { seo?: Seo } | undefined)?.seo, root);
}
