/**
 * A site address saved from another address locks the admin out: every form is then refused as sent
 * from elsewhere (the same-origin guard follows the address in force). So the address is saved only
 * from itself. Returns the origin the admin must open the settings from, or null when it may be saved.
 * Without an Origin header (not a browser), nothing can be told: it may be saved.
 */
export function addressToOpenFirst(newAddress: string | undefined, requestOrigin: string | null): string | null {
  if (!newAddress || !requestOrigin) return null;
  let wanted: string;
  try {
    wanted = new URL(newAddress).origin;
  } catch {
    return null; // not an address: the setting's own rules say so
  }
  return wanted === requestOrigin.replace(/\/+$/, "").toLowerCase() ? null : wanted;
}
