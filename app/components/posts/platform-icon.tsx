import { LinkedInIcon, LINKEDIN_PATH, X_PATH, XIcon } from "~/components/icons/brands";
import type { Platform } from "~/core/platforms/platforms";

export function PlatformIcon({ platform, className }: { platform: Platform; className?: string }) {
  const Icon = platform === "linkedin" ? LinkedInIcon : XIcon;
  return <Icon aria-hidden className={className ?? "size-4"} />;
}

const spriteId = (platform: Platform) => `platform-mark-${platform}`;

/**
 * The brand marks once per page, for pages that repeat them on every row (the posts list and calendar):
 * each row then points at them (<use>) instead of carrying the full paths again.
 */
export function PlatformIconSprite() {
  return (
    <svg aria-hidden className="absolute size-0 overflow-hidden">
      <symbol id={spriteId("linkedin")} viewBox="0 0 24 24">
        <path d={LINKEDIN_PATH} />
      </symbol>
      <symbol id={spriteId("twitter")} viewBox="0 0 24 24">
        <path d={X_PATH} />
      </symbol>
    </svg>
  );
}

/** As PlatformIcon, drawn from the PlatformIconSprite the page holds. */
export function PlatformIconRef({ platform, className }: { platform: Platform; className?: string }) {
  return (
    <svg aria-hidden fill="currentColor" className={className ?? "size-4"}>
      <use href={`#${spriteId(platform)}`} />
    </svg>
  );
}
