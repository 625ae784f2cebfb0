// A Mastodon part's send key, its Idempotency-Key: a UUID version 7, whose first 48 bits are the
// time it was made. The key is made before the part's first attempt and kept for all of them,
// while the part's sentAt moves to each attempt: the key's own time says when the instance may
// have first used it, so how long it may still remember it (docs/decisions/0055-mastodon.md).

export function newMastodonSendKey(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  for (let i = 0; i < 6; i++) bytes[i] = Math.floor(now / 2 ** (8 * (5 - i))) % 256;
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** When a version 7 key was made (ms since the epoch); null for any other key. */
export function sendKeyTime(key: string): number | null {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(key)) return null;
  return Number.parseInt(key.slice(0, 8) + key.slice(9, 13), 16);
}
