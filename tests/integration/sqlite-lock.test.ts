// Another process holding SQLite's write lock on the database file (a backup tool, ADR 0043):
// reads go on, a write waits with the event loop free and then says the database is busy, and
// everything works again, with nothing lost, once the lock is gone. SQLite only: PostgreSQL has no
// file lock.
import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "~/modules/auth/auth.server";
import { isDatabaseBusy } from "~/modules/db/busy";
import { getDb } from "~/modules/db/db.server";
import { usableConnection } from "~/modules/connections/access-token.server";
import { unseal } from "~/modules/crypto/secrets.server";
import type { RecordedRequest } from "../fakes/fake-kit";
import { LOCK_WAIT_MS } from "~/modules/db/sqlite.server";
import { inTransaction, lockRow } from "~/modules/db/transaction.server";
import { checkDatabase } from "~/modules/db/health.server";
import { sqliteFilePath } from "~/modules/db/urls";
import { connectedUser, duePost, type Fakes, postState, publishAllDue, startFakes, tweetRequests, uniqueText, waitFor } from "../support/publishing";
import { uniqueEmail } from "./helpers";

const onSqlite = process.env.TEST_DATABASE === "sqlite";

interface Lock {
  release(): Promise<void>;
}

const holders = new Set<ChildProcess>();
afterEach(() => {
  for (const child of holders) child.kill("SIGKILL");
  holders.clear();
});

/** A second process takes the write lock on this file's database and keeps it until released. */
async function holdWriteLock(): Promise<Lock> {
  return (await lockHolder(false)).take();
}

/**
 * A second process started and ready to take the write lock when told: `take` then costs no
 * process start, for a lock that must fall between two steps of the app.
 */
async function lockHolder(onDemand = true): Promise<{ take(): Promise<Lock> }> {
  const file = sqliteFilePath(process.env.DATABASE_URL!)!;
  const child = spawn(process.execPath, ["tests/support/hold-sqlite-lock.mjs", file, ...(onDemand ? ["--on-demand"] : [])], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  holders.add(child);
  const lines = createInterface({ input: child.stdout! });
  const said = (word: string) => new Promise<void>((resolve) => lines.on("line", (line) => line === word && resolve()));
  const locked = said("locked");
  if (onDemand) await said("ready");
  return {
    async take() {
      if (onDemand) child.stdin!.write("lock\n");
      await locked;
      return {
        async release() {
          const released = said("released");
          child.stdin!.write("release\n");
          await released;
          holders.delete(child);
        },
      };
    },
  };
}

/** The promise's outcome, and whether it has settled yet (read at any moment). */
function watch<T>(promise: Promise<T>) {
  const state = {
    settled: false,
    outcome: promise.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    ),
  };
  void state.outcome.then(() => (state.settled = true));
  return state;
}

const newAccount = (email = uniqueEmail("locked")) => signUp({ email, password: "password123", locale: "en" }, { ip: null, userAgent: "vitest" });

describe.runIf(onSqlite)("another process holding SQLite's write lock", { timeout: 60_000 }, () => {
  it("reads and the health check answer while a write waits; the write then says the database is busy", async () => {
    const before = await getDb().user.count();
    const lock = await holdWriteLock();
    try {
      const write = watch(newAccount());
      // The health check and a read are answered while the sign-up is still waiting for the lock.
      expect(await checkDatabase()).toBe(true);
      expect(await getDb().user.count()).toBe(before);
      expect(write.settled).toBe(false);
      const outcome = await write.outcome;
      expect(outcome.ok).toBe(false);
      expect(isDatabaseBusy(!outcome.ok && outcome.error)).toBe(true);
    } finally {
      await lock.release();
    }
  });

  it("a write still waiting when the lock is released goes through", async () => {
    const lock = await holdWriteLock();
    const email = uniqueEmail("waited");
    const write = watch(newAccount(email));
    expect(await checkDatabase()).toBe(true);
    expect(write.settled).toBe(false);
    await lock.release();
    const outcome = await write.outcome;
    expect(outcome.ok).toBe(true);
    expect(await getDb().user.count({ where: { email } })).toBe(1);
  });

  it("once the lock is gone every kind of write works again, without a restart, and nothing was lost", async () => {
    const kept = uniqueEmail("kept");
    await newAccount(kept);
    const lock = await holdWriteLock();
    try {
      // A single statement, then a transaction (a user with its subscription): both give up.
      const single = await watch(getDb().waitlistEntry.create({ data: { fullName: "Locked", email: uniqueEmail("wait") } })).outcome;
      expect(isDatabaseBusy(!single.ok && single.error)).toBe(true);
      const transaction = await watch(newAccount()).outcome;
      expect(isDatabaseBusy(!transaction.ok && transaction.error)).toBe(true);
    } finally {
      await lock.release();
    }
    const email = uniqueEmail("after");
    const { userId } = await newAccount(email);
    const user = await getDb().user.findUniqueOrThrow({ where: { id: userId }, include: { subscription: true, sessions: true } });
    expect(user.subscription).not.toBeNull();
    expect(user.sessions).toHaveLength(1);
    await getDb().user.update({ where: { id: userId }, data: { locale: "fr" } });
    await getDb().$transaction([
      getDb().user.update({ where: { id: userId }, data: { timezone: "Europe/Paris" } }),
      getDb().session.deleteMany({ where: { userId } }),
    ]);
    expect(await getDb().user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({ locale: "fr", timezone: "Europe/Paris" });
    expect(await getDb().user.count({ where: { email: kept } })).toBe(1);
  });
  it("a transaction of the app's own (inTransaction) says the database is busy too, and leaves nothing held once the lock is gone", async () => {
    const { userId } = await newAccount();
    const lock = await holdWriteLock();
    try {
      const outcome = await watch(inTransaction((tx) => lockRow(tx, "User", userId))).outcome;
      expect(outcome.ok).toBe(false);
      expect(isDatabaseBusy(!outcome.ok && outcome.error)).toBe(true);
    } finally {
      await lock.release();
    }
    expect(await inTransaction((tx) => lockRow(tx, "User", userId))).toBe(true);
    await getDb().user.update({ where: { id: userId }, data: { locale: "fr" } });
    expect(await getDb().user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({ locale: "fr" });
  });
  it("a transaction queued behind this process's own for longer than a lock wait still runs, not Prisma's 'unable to start a transaction' (a 500)", async () => {
    // On SQLite this process has one connection: a transaction waits for the one before it, then
    // for the file's lock (up to LOCK_WAIT_MS). Prisma's own limit on that wait must not be the shorter one.
    const { userId } = await newAccount();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = inTransaction(async (tx) => {
      await lockRow(tx, "User", userId);
      await gate;
    });
    const second = watch(inTransaction((tx) => lockRow(tx, "User", userId)));
    setTimeout(open, LOCK_WAIT_MS + 500);
    await first;
    const outcome = await second.outcome;
    expect(outcome.ok ? outcome.value : outcome.error).toBe(true);
  });
});

describe.runIf(onSqlite)("the publisher and a locked database", { timeout: 60_000 }, () => {
  let fakes: Fakes;
  beforeAll(async () => {
    fakes = await startFakes();
  });
  afterAll(async () => {
    await fakes.close();
  });

  it("locked while an X refresh is answered: the new pair waits for the lock and is stored, the spent refresh token is not left as the only one", async () => {
    const { user } = await connectedUser(fakes, ["twitter"], { xExpiresIn: 60 }); // inside the refresh margin
    const isRefresh = (request: RecordedRequest) => request.method === "POST" && request.path === "/2/oauth2/token";
    fakes.x.failNext(isRefresh, { delayMs: 1_000 }); // answered normally, late: time to take the lock meanwhile
    const holder = await lockHolder();
    const asked = fakes.x.state.requests.filter(isRefresh).length;
    const refresh = watch(usableConnection(user.id, "twitter"));
    await waitFor(() => fakes.x.state.requests.filter(isRefresh).length > asked);
    const lock = await holder.take();
    try {
      // Longer than a write waits for the lock: the pair X just issued must not be dropped meanwhile.
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS + 1_000));
    } finally {
      await lock.release();
    }
    const outcome = await refresh.outcome;
    expect(outcome.ok).toBe(true);
    const row = await getDb().channel.findFirstOrThrow({ where: { userId: user.id, network: "twitter" } });
    expect(row.status).toBe("active");
    expect(fakes.x.state.refreshTokens.get(unseal(row.refreshTokenEnc!))?.used).toBe(false);
    expect(outcome.ok && outcome.value.accessToken).toBe(unseal(row.accessTokenEnc!));
  });

  it("locked before a claim: nothing is sent; once released the post goes out once", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Locked before claim");
    const postId = await duePost(user.id, ["twitter"], text);
    const lock = await holdWriteLock();
    try {
      await publishAllDue();
    } finally {
      await lock.release();
    }
    expect(tweetRequests(fakes, text)).toHaveLength(0);
    await publishAllDue();
    expect((await postState(postId)).status).toBe("published");
    expect(fakes.x.countTweets(text)).toBe(1);
  });

  it("locked while the tweet is being sent: the outcome waits for the lock, and the tweet exists once", async () => {
    const { user } = await connectedUser(fakes, ["twitter"]);
    const text = uniqueText("Locked while sending");
    const postId = await duePost(user.id, ["twitter"], text);
    fakes.x.failNext("POST /2/tweets", { delayMs: 500 });
    const publishing = publishAllDue();
    await waitFor(() => tweetRequests(fakes, text).length === 1);
    const lock = await holdWriteLock();
    await waitFor(() => fakes.x.countTweets(text) === 1);
    await lock.release();
    await publishing;
    const post = await postState(postId);
    expect(post.status).toBe("published");
    expect(fakes.x.countTweets(text)).toBe(1);
  });
});
