import { ResponsiveImage } from "~/components/ui/responsive-image";
import { cn } from "~/utils/cn";

export interface PreviewImage {
  id: string;
  url: string;
  altText: string;
}

export function ImageGrid({ images, className }: { images: PreviewImage[]; className?: string }) {
  if (images.length === 0) return null;
  return (
    <div className={cn("grid gap-0.5 overflow-hidden", images.length > 1 && "grid-cols-2", className)}>
      {images.map((image, index) => (
        <ResponsiveImage
          key={image.id}
          src={image.url}
          alt={image.altText}
          // A preview is at most about 600 px wide; several images share it in two columns.
          displayWidth={images.length === 1 ? 640 : 320}
          className={cn(
            "w-full bg-muted object-cover",
            images.length === 1 ? "max-h-96" : "aspect-square",
            images.length === 3 && index === 0 && "row-span-2 h-full",
          )}
        />
      ))}
    </div>
  );
}
