// Record keys: a client-chosen rkey of an app.bsky.feed.post must be a TID (timestamp identifier):
// 64 bits (top bit 0, 53 bits of microseconds since 1970, 10 bits of clock id) written as 13
// characters of base32-sortable. Choosing it ourselves, and storing it before the create request,
// is how a part is sent exactly once (docs/decisions/0054-bluesky.md).

const ALPHABET = "234567abcdefghijklmnopqrstuvwxyz";

export const TID_PATTERN = /^[234567abcdefghij][2-7a-z]{12}$/;

let lastMicros = 0;

/** A new TID: later than every TID this process made before (microseconds never repeat here). */
export function newTid(now = Date.now(), clockId = Math.floor(Math.random() * 1024)): string {
  let micros = now * 1000;
  if (micros <= lastMicros) micros = lastMicros + 1;
  lastMicros = micros;
  let value = (BigInt(micros) << 10n) | BigInt(clockId & 1023);
  let out = "";
  for (let i = 0; i < 13; i++) {
    out = ALPHABET[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

export function isTid(value: string): boolean {
  return TID_PATTERN.test(value);
}
