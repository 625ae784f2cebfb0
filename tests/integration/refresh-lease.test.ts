// The lease that serializes token refreshes (ADR 0014, 0018) against the X fake, whose refresh
// tokens are single-use as on X: the lease outlasts the refresh call, and a refresh whose lease ran
// out and was taken over never overwrites what the other process stored.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { isProviderError } from "~/integrations/provider-error";
import { getXMe } from "~/integrations/networks/twitter/client.server";
import { usableConnection } from "~/modules/connections/access-token.server";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";
import { resetEnvCache } from "~/core/env/env.server";
import type { RecordedRequest } from "../fakes/fake-kit";
import { connectedUser, startFakes, type Fakes } from "../support/publishing";

let fakes: Fakes;
let savedTimeout: string | undefined;
beforeAll(async () => {
  fakes = await startFakes();
  savedTimeout = process.env.PROVIDER_TIMEOUT_MS;
});
afterAll(async () => {
  await fakes.close();
});
// X's late answers wait on fake timers: each test says when X answers, so no outcome depends on how
// fast the database is (slower for whichever test runs first) or on the order of the tests.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});
afterEach(() => {
  vi.useRealTimers();
  process.env.PROVIDER_TIMEOUT_MS = savedTimeout;
  resetEnvCache();
});

const X_DELAY_MS = 1000;
const tick = () => new Promise((resolve) => setImmediate(resolve));
const connectionOf = (userId: string) => getDb().channel.findFirstOrThrow({ where: { userId, network: "twitter" } });
const refreshWith = (refreshToken: string) => (r: RecordedRequest) =>
  r.path === "/2/oauth2/token" && r.body?.grant_type === "refresh_token" && r.body?.refresh_token === refreshToken;

/** A user whose X access token ran out: the next use refreshes it. */
async function expiredX() {
  const { user, xUserId, xTokens } = await connectedUser(fakes, ["twitter"]);
  fakes.x.expireAccessToken(xTokens!.accessToken);
  await getDb().channel.updateMany({ where: { userId: user.id, network: "twitter" }, data: { expiresAt: new Date(Date.now() - 1000) } });
  return { user, xUserId: xUserId!, old: xTokens! };
}

/**
 * Starts a refresh whose call X holds (then answers normally, or with `fault`); resolves once X has
 * received it. The refresh settles only after `xAnswers()`.
 */
async function slowRefresh(userId: string, refreshToken: string, fault: { status?: number; body?: unknown } = {}) {
  fakes.x.failNext(refreshWith(refreshToken), { delayMs: X_DELAY_MS, ...fault });
  const refresh = usableConnection(userId, "twitter");
  refresh.catch(() => {}); // awaited by the test
  while (!fakes.x.state.requests.some(refreshWith(refreshToken))) await tick();
  return { refresh };
}

/** X answers the held refresh. */
const xAnswers = () => vi.advanceTimersByTimeAsync(X_DELAY_MS);

/** What the passing of time does to a lease: it runs out. */
async function leaseRunsOut(userId: string) {
  await getDb().channel.updateMany({ where: { userId, network: "twitter" }, data: { refreshLeaseUntil: new Date(Date.now() - 1000) } });
}

/** The stored pair works at X, and its refresh token is unspent in a living chain. */
async function expectStoredPairAlive(userId: string) {
  const row = await connectionOf(userId);
  expect(row.status).toBe("active");
  expect((await getXMe(unseal(row.accessTokenEnc!))).id).toBe(row.providerUserId);
  const refresh = fakes.x.state.refreshTokens.get(unseal(row.refreshTokenEnc!))!;
  expect(refresh.used).toBe(false);
  expect(fakes.x.state.invalidatedChains.has(refresh.chainId)).toBe(false);
  return row;
}

describe("the X refresh lease", () => {
  it("outlasts the refresh call's timeout, whatever PROVIDER_TIMEOUT_MS is", async () => {
    process.env.PROVIDER_TIMEOUT_MS = "40000";
    resetEnvCache();
    const { user, old } = await expiredX();
    const before = Date.now();
    const { refresh } = await slowRefresh(user.id, old.refreshToken);
    const { refreshLeaseUntil } = await connectionOf(user.id);
    expect(refreshLeaseUntil!.getTime()).toBeGreaterThan(before + 40_000);
    await xAnswers();
    await refresh;
    expect((await connectionOf(user.id)).refreshLeaseUntil).toBeNull();
  });

  it("taken over while X was slow to refuse the spent token: the other process's newer pair stays and is used", async () => {
    const { user, old } = await expiredX();
    // X refuses a refresh token already used; here X keeps the chain alive (it may also end it).
    const { refresh: stale } = await slowRefresh(user.id, old.refreshToken, {
      status: 400,
      body: { error: "invalid_request", error_description: "Value passed for the token was invalid." },
    });
    await leaseRunsOut(user.id);
    const other = await usableConnection(user.id, "twitter"); // takes the lease over and refreshes
    expect(other.accessToken).not.toBe(old.accessToken);

    await xAnswers();
    const late = await stale;
    expect(late.accessToken).toBe(other.accessToken);
    const row = await expectStoredPairAlive(user.id);
    expect(unseal(row.accessTokenEnc!)).toBe(other.accessToken);
    expect(row.lastError).toBeNull();
    expect(fakes.x.state.requests.filter(refreshWith(old.refreshToken))).toHaveLength(2);
  });

  it("taken over by another process that stored a newer pair: a late success does not overwrite it, nor free its lease", async () => {
    const { user, xUserId, old } = await expiredX();
    const { refresh: stale } = await slowRefresh(user.id, old.refreshToken);
    // Meanwhile the lease ran out, another process took it and stored a newer pair X issued.
    const newer = fakes.x.issueTokens(xUserId);
    const othersLease = new Date(Date.now() + 20_000);
    await getDb().channel.updateMany({
      where: { userId: user.id, network: "twitter" },
      data: {
        accessTokenEnc: seal(newer.accessToken),
        refreshTokenEnc: seal(newer.refreshToken),
        expiresAt: new Date(Date.now() + 7200_000),
        refreshLeaseUntil: othersLease,
      },
    });

    await xAnswers();
    const late = await stale;
    expect(late.accessToken).toBe(newer.accessToken);
    const row = await expectStoredPairAlive(user.id);
    expect([unseal(row.accessTokenEnc!), unseal(row.refreshTokenEnc!)]).toEqual([newer.accessToken, newer.refreshToken]);
    expect(row.refreshLeaseUntil).toEqual(othersLease);
  });

  it("ran out with nothing newer stored: the late pair is still stored, since X now accepts only it", async () => {
    const { user, old } = await expiredX();
    const { refresh: stale } = await slowRefresh(user.id, old.refreshToken);
    await leaseRunsOut(user.id);
    await xAnswers();
    const late = await stale;
    expect(late.accessToken).not.toBe(old.accessToken);
    const row = await expectStoredPairAlive(user.id);
    expect(unseal(row.accessTokenEnc!)).toBe(late.accessToken);
  });

  it("a refresh that fails after its lease was taken over leaves the other process's lease alone", async () => {
    const { user, old } = await expiredX();
    const { refresh: stale } = await slowRefresh(user.id, old.refreshToken, { status: 503 });
    const othersLease = new Date(Date.now() + 20_000);
    await getDb().channel.updateMany({ where: { userId: user.id, network: "twitter" }, data: { refreshLeaseUntil: othersLease } });
    await xAnswers();
    const error = await stale.catch((e: unknown) => e);
    expect(isProviderError(error) && error.status).toBe(503);
    expect((await connectionOf(user.id)).refreshLeaseUntil).toEqual(othersLease);
  });
});
