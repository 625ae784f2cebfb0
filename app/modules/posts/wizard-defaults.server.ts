import { aiAvailability } from "~/modules/ai/ai-access.server";
import { asActor, ownerKey, type ActorRef } from "~/modules/workspaces/owner";
import { usablePlatforms } from "~/modules/connections/connection.server";
import { getDb } from "~/modules/db/db.server";
import { parsePlatforms, type Platform } from "~/core/platforms/platforms";

export interface WizardDefaults {
  /** Ticked on the first step: the last post's platforms that are connected, else every connected one. */
  platforms: Platform[];
  /** Chosen on the second step: the last post's method, while it is still available. */
  method: "manual" | "ai";
}

/** What a new post starts with, so the common path is a click per step. */
export async function wizardDefaults(by: ActorRef): Promise<WizardDefaults> {
  const [connected, last, ai] = await Promise.all([
    usablePlatforms(asActor(by).workspaceId),
    getDb().post.findFirst({ where: ownerKey(by), orderBy: { createdAt: "desc" }, select: { platforms: true, source: true } }),
    aiAvailability(asActor(by).userId),
  ]);
  const remembered = parsePlatforms(last?.platforms ?? "").filter((platform) => connected.includes(platform));
  return {
    platforms: remembered.length ? remembered : connected,
    method: last?.source === "ai" && ai === "available" ? "ai" : "manual",
  };
}
