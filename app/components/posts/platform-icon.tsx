import { BRAND_PATHS } from "~/components/icons/brands";
import { NETWORK_IDS, type NetworkId } from "~/core/platforms/platforms";

export function PlatformIcon({ platform, className }: { platform: NetworkId; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden className={className ?? "size-4"}>
      <path d={BRAND_PATHS[platform]} />
    </svg>
  );
}

const spriteId = (platform: NetworkId) => `platform-mark-${platform}`;

/**
 * The brand marks once per page, for pages that repeat them on every row (the posts list and calendar):
 * each row then points at them (<use>) instead of carrying the full paths again.
 */
export function PlatformIconSprite() {
  return (
    <svg aria-hidden className="absolute size-0 overflow-hidden">
      {NETWORK_IDS.map((platform) => (
        <symbol key={platform} id={spriteId(platform)} viewBox="0 0 24 24">
          <path d={BRAND_PATHS[platform]} />
        </symbol>
      ))}
    </svg>
  );
}

/** As PlatformIcon, drawn from the PlatformIconSprite the page holds. */
export function PlatformIconRef({ platform, className }: { platform: NetworkId; className?: string }) {
  return (
    <svg aria-hidden fill="currentColor" className={className ?? "size-4"}>
      <use href={`#${spriteId(platform)}`} />
    </svg>
  );
}
