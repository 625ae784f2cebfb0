import { describe, expect, it } from "vitest";
import { createSession } from "~/modules/auth/session.server";
import { getDb } from "~/modules/db/db.server";
import { runHousekeeping, startHousekeeping, sweepExpired } from "~/modules/housekeeping/housekeeping.server";
import { uniqueEmail } from "./helpers";

const MINUTE = 60_000;

async function userWithRows(now: Date) {
  const db = getDb();
  const user = await db.user.create({ data: { email: uniqueEmail("sweep"), passwordHash: "x" } });
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  await db.session.createMany({
    data: [
      { id: `${user.id}-expired`, userId: user.id, expiresAt: at(-MINUTE) },
      { id: `${user.id}-live`, userId: user.id, expiresAt: at(MINUTE) },
    ],
  });
  await db.userToken.createMany({
    data: [
      { userId: user.id, purpose: "password_reset", tokenHash: `${user.id}-old-reset`, expiresAt: at(-MINUTE) },
      { userId: user.id, purpose: "email_verification", tokenHash: `${user.id}-old-used`, expiresAt: at(-MINUTE), usedAt: at(-2 * MINUTE) },
      { userId: user.id, purpose: "password_reset", tokenHash: `${user.id}-live-reset`, expiresAt: at(MINUTE) },
    ],
  });
  await db.oAuthState.createMany({
    data: [
      { id: `${user.id}-old-state`, userId: user.id, sessionId: "s", provider: "linkedin", expiresAt: at(-MINUTE) },
      { id: `${user.id}-live-state`, userId: user.id, sessionId: "s", provider: "twitter", expiresAt: at(MINUTE) },
    ],
  });
  await db.rateLimitBucket.createMany({
    data: [
      { key: `${user.id}:old`, count: 3, resetAt: at(-MINUTE) },
      { key: `${user.id}:live`, count: 3, resetAt: at(MINUTE) },
    ],
  });
  return user.id;
}

async function rowsOf(userId: string) {
  const db = getDb();
  return {
    sessions: (await db.session.findMany({ where: { userId } })).map((row) => row.id),
    tokens: (await db.userToken.findMany({ where: { userId } })).map((row) => row.tokenHash),
    states: (await db.oAuthState.findMany({ where: { userId } })).map((row) => row.id),
    buckets: (await db.rateLimitBucket.findMany({ where: { key: { startsWith: userId } } })).map((row) => row.key),
  };
}

describe("housekeeping", () => {
  it("deletes expired sessions, mailed links, OAuth states and rate-limit counters, and keeps live ones", async () => {
    const now = new Date();
    const userId = await userWithRows(now);
    const counts = await sweepExpired(now);
    expect(counts.sessions).toBeGreaterThanOrEqual(1);
    expect(counts.mailedLinks).toBeGreaterThanOrEqual(2);
    expect(await rowsOf(userId)).toEqual({
      sessions: [`${userId}-live`],
      tokens: [`${userId}-live-reset`],
      states: [`${userId}-live-state`],
      buckets: [`${userId}:live`],
    });
  });

  it("sweeps once per interval, whichever of several instances asks first", async () => {
    const hour = 60 * MINUTE;
    const start = new Date("2020-01-01T00:00:00Z");
    const turns = await Promise.all([1, 2, 3].map(() => runHousekeeping(hour, start)));
    expect(turns.filter(Boolean)).toHaveLength(1);
    expect(await runHousekeeping(hour, new Date(start.getTime() + 30 * MINUTE))).toBeNull();
    expect(await runHousekeeping(hour, new Date(start.getTime() + hour))).not.toBeNull();
  });

  it("runs on its own timer once started, and stops", async () => {
    const userId = (await getDb().user.create({ data: { email: uniqueEmail("timer"), passwordHash: "x" } })).id;
    await createSession(userId);
    await getDb().session.updateMany({ where: { userId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const housekeeping = startHousekeeping({ intervalMs: 60 * MINUTE, firstRunMs: 10 });
    try {
      await expect.poll(() => getDb().session.count({ where: { userId } }), { timeout: 5000 }).toBe(0);
    } finally {
      housekeeping.stop();
    }
  });
});
