import { getDb } from "~/modules/db/db.server";

// The state of each part of a target, written while its delivery's lease is held: a worker that
// lost the lease (expired, taken over) cannot overwrite what the newer attempt knows.

/** How a part ended: published (with its id and address), or unknown (the network cannot tell; `url` says where to look). */
export type PartOutcome = { status: "published"; externalId: string; url: string } | { status: "unknown"; externalId: null; url: string | null };

/** The delivery's lease, as a condition on a part of its target. */
export function heldBy(deliveryId: string, workerId: string) {
  return { target: { delivery: { id: deliveryId, status: "publishing", leaseOwner: workerId } } };
}

/** Records a part that is not the target's last to send (the last is recorded with its delivery). */
export async function recordPart(deliveryId: string, workerId: string, partId: string, outcome: PartOutcome): Promise<boolean> {
  const now = new Date();
  const { count } = await getDb().postPart.updateMany({
    where: { id: partId, ...heldBy(deliveryId, workerId) },
    data: {
      status: outcome.status,
      externalId: outcome.externalId,
      url: outcome.url,
      publishedAt: outcome.status === "published" ? now : null,
      errorCode: null,
      lastError: null,
    },
  });
  return count === 1;
}

/**
 * The part an attempt failed on: its error, and "failed" once the delivery failed for good.
 * `nothingCreated`: the refusal was certain and no earlier attempt was uncertain, so its sentAt goes.
 */
export async function recordPartFailure(
  deliveryId: string,
  partId: string,
  failure: { final: boolean; code: string; message: string; nothingCreated: boolean },
): Promise<void> {
  await getDb().postPart.updateMany({
    where: { id: partId, target: { delivery: { id: deliveryId } }, status: { in: ["pending", "failed"] } },
    data: {
      errorCode: failure.code,
      lastError: failure.message,
      ...(failure.final ? { status: "failed" } : {}),
      ...(failure.nothingCreated ? { sentAt: null } : {}),
    },
  });
}
