// Image variants (docs/decisions/0028): the only widths the server makes, and the URLs that ask
// for them. Shared by the server (which refuses other widths' work) and the UI (which builds srcset).

/** A short list keeps the disk cache small: any requested width is rounded up to one of these. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;
/** A `w` above this is refused (400): no image the app accepts is wider (MAX_IMAGE_SIDE). */
export const MAX_REQUESTED_WIDTH = 8192;

/** The allow-listed width for a requested one: the smallest at least as wide, or the largest. */
export function variantWidth(requested: number): number {
  return IMAGE_WIDTHS.find((width) => width >= requested) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
}

/** `?w=` (or `&w=`) added to a URL that may already carry a query (a `v=` version). */
export function variantUrl(base: string, width: number): string {
  return `${base}${base.includes("?") ? "&" : "?"}w=${width}`;
}

/** SVGs scale by themselves and GIFs keep their animation: both are served unchanged. */
export function isUnresizable(url: string): boolean {
  return /\.(svg|gif)$/i.test(url.split("?")[0]!);
}

export interface ResponsiveSources {
  src: string;
  srcSet?: string;
}

/**
 * `src` at the display width and a srcset for screens of density 1 and 2, widths rounded up to the
 * allow-list. With `sizes`, width descriptors instead (the browser picks by the layout's width).
 */
export function responsiveSources(base: string, displayWidth: number, sizes?: string): ResponsiveSources {
  if (isUnresizable(base)) return { src: base };
  const oneX = variantWidth(displayWidth);
  const twoX = variantWidth(displayWidth * 2);
  if (sizes) {
    const widths = IMAGE_WIDTHS.filter((width) => width <= twoX);
    return { src: variantUrl(base, oneX), srcSet: widths.map((width) => `${variantUrl(base, width)} ${width}w`).join(", ") };
  }
  const candidates = [`${variantUrl(base, oneX)} 1x`];
  if (twoX > oneX) candidates.push(`${variantUrl(base, twoX)} 2x`);
  return { src: variantUrl(base, oneX), srcSet: candidates.join(", ") };
}
