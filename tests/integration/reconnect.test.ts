import { describe, expect, it } from "vitest";
import { accessEndsBefore, reconnectNeed } from "~/modules/connections/reconnect.server";
import { getDb } from "~/modules/db/db.server";
import { uniqueEmail } from "./helpers";

const DAY_MS = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-23T12:00:00Z");

async function userWith(connections: { network: "linkedin" | "twitter"; connectedAt: Date; status?: string; expiresAt?: Date }[]) {
  const user = await getDb().user.create({ data: { email: uniqueEmail("reconnect"), passwordHash: "x" } });
  for (const [index, connection] of connections.entries()) {
    await getDb().channel.create({
      data: {
        id: `${user.id}-${index}`,
        userId: user.id,
        workspaceId: user.id,
        providerUserId: `member-${index}`,
        displayName: `Member ${index}`,
        accessTokenEnc: null,
        ...connection,
      },
    });
  }
  return user.id;
}

// Since several accounts per network, the answer also names the account (its channel).
const account = (userId: string, index = 0) => ({ id: `${userId}-${index}`, displayName: `Member ${index}`, handle: null, instance: null });

describe("who is asked to reconnect", () => {
  it("a LinkedIn connection once connectedAt plus 7 days is in the past, not a moment before", async () => {
    expect(await reconnectNeed(await userWith([{ network: "linkedin", connectedAt: new Date(now.getTime() - 7 * DAY_MS) }]), now)).toBeNull();
    const aged = await userWith([{ network: "linkedin", connectedAt: new Date(now.getTime() - 7 * DAY_MS - 1) }]);
    expect(await reconnectNeed(aged, now)).toEqual({ provider: "linkedin", method: "oauth", reason: "age", channel: account(aged) });
  });

  it("nobody without a LinkedIn connection for its age: X connected long ago is not asked", async () => {
    expect(await reconnectNeed(await userWith([]), now)).toBeNull();
    expect(await reconnectNeed(await userWith([{ network: "twitter", connectedAt: new Date(now.getTime() - 60 * DAY_MS) }]), now)).toBeNull();
  });

  it("any account whose access has ended, whatever its age", async () => {
    const revoked = await userWith([{ network: "twitter", connectedAt: now, status: "needs_reconnect" }]);
    expect(await reconnectNeed(revoked, now)).toEqual({ provider: "twitter", method: "oauth", reason: "expired", channel: account(revoked) });
    const expired = await userWith([{ network: "linkedin", connectedAt: now, expiresAt: new Date(now.getTime() - 1) }]);
    expect(await reconnectNeed(expired, now)).toEqual({ provider: "linkedin", method: "oauth", reason: "expired", channel: account(expired) });
  });
});

describe("access that ends before a post is due", () => {
  it("the earliest end among the post's networks whose tokens are not refreshed", async () => {
    const at = new Date(now.getTime() + 30 * DAY_MS);
    const soon = new Date(now.getTime() + 10 * DAY_MS);
    const sooner = new Date(now.getTime() + 5 * DAY_MS);
    const userId = await userWith([
      { network: "linkedin", connectedAt: now, expiresAt: soon },
      { network: "linkedin", connectedAt: now, expiresAt: new Date(now.getTime() + 60 * DAY_MS) },
      // X tokens are refreshed: never a warning, however soon the access token ends.
      { network: "twitter", connectedAt: now, expiresAt: sooner },
    ]);
    expect(await accessEndsBefore(userId, at, ["linkedin", "twitter"])).toEqual({ network: "linkedin", at: soon });
    expect(await accessEndsBefore(userId, at, ["twitter"])).toBeNull();
    expect(await accessEndsBefore(userId, sooner, ["linkedin"])).toBeNull();
    // A channel holding a refresh token is refreshed, not lost.
    await getDb().channel.update({ where: { id: `${userId}-0` }, data: { refreshTokenEnc: "sealed" } });
    expect(await accessEndsBefore(userId, at, ["linkedin"])).toBeNull();
  });
});
