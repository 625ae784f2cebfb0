import { describe, expect, it } from "vitest";
import { getDb } from "~/modules/db/db.server";
import { listChannels } from "~/modules/connections/connection.server";
import { uniqueEmail } from "./helpers";

// Issue 26: an X access token lasts two hours and renews itself with its refresh token; the profile
// must not announce its end as if the user had to act.

describe("when a connection's access ends, as the profile shows it", () => {
  it("a token that refreshes itself has no end; one that cannot, or whose refresh token ends, has", async () => {
    const user = await getDb().user.create({ data: { email: uniqueEmail("access-end"), passwordHash: "x" } });
    const inTwoHours = new Date(Date.now() + 2 * 3600_000);
    const inAYear = new Date(Date.now() + 365 * 24 * 3600_000);
    const channel = (providerUserId: string, data: { refreshTokenEnc?: string; refreshExpiresAt?: Date }) =>
      getDb().channel.create({
        data: {
          userId: user.id,
          workspaceId: user.id,
          network: "twitter",
          providerUserId,
          displayName: providerUserId,
          handle: providerUserId,
          expiresAt: inTwoHours,
          ...data,
        },
      });
    await channel("renews", { refreshTokenEnc: "sealed-refresh-token" });
    await channel("renews-until", { refreshTokenEnc: "sealed-refresh-token", refreshExpiresAt: inAYear });
    await channel("cannot-renew", {});
    const ends = Object.fromEntries((await listChannels(user.id)).map((entry) => [entry.displayName, entry.accessEndsAt]));
    expect(ends).toEqual({ renews: null, "renews-until": inAYear.toISOString(), "cannot-renew": inTwoHours.toISOString() });
  });
});
