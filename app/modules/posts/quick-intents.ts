import { isNetworkId, type NetworkId } from "~/core/platforms/platforms";

// The one-screen composer's buttons, as the `intent` each submit button sends. Client-safe.

export type QuickIntent =
  | { kind: "save" | "schedule" | "queue" | "publish" | "upload" | "customize" }
  | { kind: "connect"; network: NetworkId }
  | { kind: "remove-image"; imageId: string };

const SIMPLE = ["save", "schedule", "queue", "publish", "upload", "customize"] as const;

/** The intent a button names (none: "save", as a form sent by Enter), or null for one the composer does not know. */
export function parseQuickIntent(value: string | undefined): QuickIntent | null {
  const intent = value ?? "save";
  const simple = SIMPLE.find((kind) => kind === intent);
  if (simple) return { kind: simple };
  const [kind, argument = ""] = intent.split(":", 2);
  if (kind === "connect" && isNetworkId(argument)) return { kind, network: argument };
  if (kind === "remove-image" && /^[A-Za-z0-9_-]{1,64}$/.test(argument)) return { kind, imageId: argument };
  return null;
}
