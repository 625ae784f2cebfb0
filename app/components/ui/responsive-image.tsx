import type { ImgHTMLAttributes } from "react";
import { responsiveSources } from "~/modules/media/image-variants";

type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "width" | "height"> & {
  /** The image's URL without `w` (it may carry a `v=` version). */
  src: string;
  alt: string;
  /** The widest the image is shown, in CSS pixels: the 1x candidate is at least this wide. */
  displayWidth: number;
  /** The image's own size, when known: the browser reserves its box before it loads. */
  width?: number;
  height?: number;
};

/**
 * An <img> that asks the server for a copy of the width it is shown at (docs/decisions/0028),
 * twice as wide on dense screens, never the original upload. Plain attributes: works without JavaScript.
 */
export function ResponsiveImage({ src, displayWidth, sizes, width, height, loading = "lazy", decoding = "async", alt, ...rest }: ResponsiveImageProps) {
  const sources = responsiveSources(src, displayWidth, sizes);
  return (
    <img
      {...rest}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sources.srcSet ? sizes : undefined}
      alt={alt}
      width={width || undefined}
      height={height || undefined}
      loading={loading}
      decoding={decoding}
    />
  );
}
