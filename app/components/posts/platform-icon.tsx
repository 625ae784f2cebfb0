import { LinkedInIcon, XIcon } from "~/components/icons/brands";
import type { Platform } from "~/modules/platforms/platforms";

export function PlatformIcon({ platform, className }: { platform: Platform; className?: string }) {
  const Icon = platform === "linkedin" ? LinkedInIcon : XIcon;
  return <Icon aria-hidden className={className ?? "size-4"} />;
}
