// npm run bench:publisher: how fast publisher processes (server/worker.ts) deliver a burst of due
// posts. 10,000 deliveries for 1,000 users (10 each, LinkedIn and X, no images) fall due in the
// same minute; the LinkedIn and X fakes run in this process and answer after 50 ms. Measured with
// one publisher process, then two, each on a fresh database: completion time, lateness
// (publishedAt − scheduled time) p50/p99, throughput, and that every post exists exactly once.
//
// SQLite by default (a temporary file). BENCH_DATABASE_URL=postgresql://user@host/db (a database
// to connect to as admin) runs it on PostgreSQL, in a temporary database created and dropped here.
// Other knobs: BENCH_USERS (1000), BENCH_PER_USER (10), BENCH_LATENCY_MS (50), BENCH_CONCURRENCY
// (64 per platform and process), BENCH_PROCESSES ("1,2"), BENCH_PATTERNS ("burst,spread": all due
// at the same second, or spread evenly over the minute), BENCH_POLL_MS (1000), BENCH_TIMEOUT_S (300).
// The "thread" pattern: BENCH_THREAD_POSTS (1000) X threads of BENCH_THREAD_PARTS (5) parts, for
// BENCH_THREAD_USERS (200) users, all due at once: parts per second and CPU per part; each part must
// exist once and reply to the one before it. CPU per delivery (publishers + PostgreSQL's server
// processes) is reported for every pattern: it says how far one core goes.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { Prisma } from "../app/modules/db/db.server";
import { startLinkedInFake, type LinkedInFake } from "../tests/fakes/linkedin-server";
import { startXFake, type XFake } from "../tests/fakes/x-server";
import { xChannelData } from "../tests/support/x-channel";

const USERS = Number(process.env.BENCH_USERS ?? 1000);
const PER_USER = Number(process.env.BENCH_PER_USER ?? 10);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const PROCESSES = (process.env.BENCH_PROCESSES ?? "1,2").split(",").map(Number);
const PATTERNS = (process.env.BENCH_PATTERNS ?? "burst,spread,thread").split(",") as Pattern[];
const THREAD_POSTS = Number(process.env.BENCH_THREAD_POSTS ?? 1000);
const THREAD_PARTS = Number(process.env.BENCH_THREAD_PARTS ?? 5);
const THREAD_USERS = Number(process.env.BENCH_THREAD_USERS ?? 200);
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 1000);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 300) * 1000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL;
const SPREAD_MS = 60_000;

type Pattern = "burst" | "spread" | "thread";

const dataDir = mkdtempSync(path.join(tmpdir(), "plume-bench-publisher-"));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${path.join(dataDir, "placeholder.db")}`,
  APP_SECRET: randomBytes(32).toString("base64url"),
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "warn",
});
const { resetEnvCache } = await import("../app/core/env/env.server");
const { getDb, disconnectDb } = await import("../app/modules/db/db.server");
const { migrate } = await import("../app/modules/db/migrate.server");
const { seal } = await import("../app/modules/crypto/secrets.server");

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newId = () => `c${randomBytes(12).toString("hex")}`;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one run; the function returned drops it. */
async function freshDatabase(name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!ADMIN_URL) {
    const url = `file:${path.join(dataDir, `${name}.db`)}`;
    await migrate(url);
    return { url, drop: async () => {} };
  }
  const database = `plume_bench_${Date.now()}_${name}`;
  await adminQuery(`CREATE DATABASE "${database}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  await migrate(url.toString());
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`) };
}

type Platform = "linkedin" | "twitter";

interface SeededPost {
  id: string;
  userId: string;
  platforms: Platform[];
  text: string;
}

interface Seeded {
  posts: SeededPost[];
  deliveries: number;
  /** Thread pattern: each post's parts, in order. */
  threads?: Map<string, string[]>;
  parts: number;
}

/** Users, their connections (tokens the fakes issued), posts and pending deliveries, not yet due. */
async function seed(tag: string, linkedin: LinkedInFake, x: XFake): Promise<Seeded> {
  const db = getDb();
  const later = new Date(Date.now() + 24 * 3_600_000);
  const users: { id: string; email: string; passwordHash: string }[] = [];
  const connections: Prisma.ChannelCreateManyInput[] = [];
  const posts: SeededPost[] = [];
  for (let u = 0; u < USERS; u++) {
    const userId = newId();
    users.push({ id: userId, email: `bench-${tag}-${u}@example.com`, passwordHash: "x" });
    const member = linkedin.createUser();
    connections.push(
      {
        id: newId(),
        userId,
        workspaceId: userId,
        network: "linkedin",
        kind: "member",
        providerUserId: member.sub,
        displayName: member.name,
        accessTokenEnc: seal(linkedin.issueToken(member.sub)),
        expiresAt: new Date(Date.now() + 5_184_000_000),
      },
      { id: newId(), ...xChannelData(x, userId).data },
    );
    // PER_USER deliveries: posts for both platforms first, then one-platform posts, alternating.
    let left = PER_USER;
    for (let p = 0; left > 0; p++) {
      const platforms: Platform[] = left >= 2 && p < PER_USER / 4 ? ["linkedin", "twitter"] : [p % 2 === 0 ? "linkedin" : "twitter"];
      left -= platforms.length;
      posts.push({ id: newId(), userId, platforms, text: `Bench ${tag} user ${u} post ${p}: scheduled for the same minute as everyone else` });
    }
  }
  const chunks = <T>(rows: T[], size = 500) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  for (const rows of chunks(users)) await db.user.createMany({ data: rows });
  for (const rows of chunks(connections)) await db.channel.createMany({ data: rows });
  for (const rows of chunks(posts)) {
    await db.post.createMany({
      data: rows.map((p) => ({
        id: p.id,
        userId: p.userId,
        workspaceId: p.userId,
        status: "scheduled",
        platforms: p.platforms.join(","),
        linkedinText: p.platforms.includes("linkedin") ? p.text : "",
        twitterText: p.platforms.includes("twitter") ? p.text : "",
        scheduledAt: later,
      })),
    });
  }
  // One target per platform on the user's channel of it, its one part, and its pending delivery.
  const channelOf = new Map(connections.map((c) => [`${c.userId}:${c.network}`, c.id]));
  const targets = posts.flatMap((p) =>
    p.platforms.map((platform, index) => ({
      id: newId(),
      postId: p.id,
      channelId: channelOf.get(`${p.userId}:${platform}`) ?? null,
      network: platform,
      position: index + 1,
      text: p.text,
    })),
  );
  for (const rows of chunks(targets)) await db.postTarget.createMany({ data: rows.map(({ text: _text, ...target }) => target) });
  for (const rows of chunks(targets)) await db.postPart.createMany({ data: rows.map((t) => ({ targetId: t.id, position: 1, text: t.text })) });
  const deliveries = targets.map((t) => ({ postId: t.postId, targetId: t.id, platform: t.network, status: "pending", nextAttemptAt: later }));
  for (const rows of chunks(deliveries)) await db.delivery.createMany({ data: rows });
  return { posts, deliveries: deliveries.length, parts: deliveries.length };
}

/** Thread pattern: THREAD_USERS users with an X channel, THREAD_POSTS posts of THREAD_PARTS parts each. */
async function seedThreads(tag: string, x: XFake): Promise<Seeded> {
  const db = getDb();
  const later = new Date(Date.now() + 24 * 3_600_000);
  const users = Array.from({ length: THREAD_USERS }, (_, u) => ({ id: newId(), email: `bench-${tag}-${u}@example.com`, passwordHash: "x" }));
  const channels = users.map((user) => ({ id: newId(), ...xChannelData(x, user.id).data }));
  const posts: SeededPost[] = [];
  const threads = new Map<string, string[]>();
  const targets: { id: string; postId: string; channelId: string; network: string; position: number }[] = [];
  const parts: { targetId: string; position: number; text: string }[] = [];
  for (let p = 0; p < THREAD_POSTS; p++) {
    const user = users[p % users.length]!;
    const text = `Bench ${tag} thread ${p}`;
    const post = { id: newId(), userId: user.id, platforms: ["twitter"] as Platform[], text: `${text} part 1/${THREAD_PARTS}` };
    posts.push(post);
    const target = { id: newId(), postId: post.id, channelId: channels[p % users.length]!.id, network: "twitter", position: 1 };
    targets.push(target);
    const texts = Array.from({ length: THREAD_PARTS }, (_, i) => `${text} part ${i + 1}/${THREAD_PARTS}`);
    threads.set(post.id, texts);
    texts.forEach((partText, i) => parts.push({ targetId: target.id, position: i + 1, text: partText }));
  }
  const chunks = <T>(rows: T[], size = 500) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));
  for (const rows of chunks(users)) await db.user.createMany({ data: rows });
  for (const rows of chunks(channels)) await db.channel.createMany({ data: rows });
  for (const rows of chunks(posts)) {
    await db.post.createMany({
      data: rows.map((p) => ({
        id: p.id,
        userId: p.userId,
        workspaceId: p.userId,
        status: "scheduled",
        platforms: "twitter",
        twitterText: p.text,
        scheduledAt: later,
      })),
    });
  }
  for (const rows of chunks(targets)) await db.postTarget.createMany({ data: rows });
  for (const rows of chunks(parts)) await db.postPart.createMany({ data: rows });
  const deliveries = targets.map((t) => ({ postId: t.postId, targetId: t.id, platform: "twitter", status: "pending", nextAttemptAt: later }));
  for (const rows of chunks(deliveries)) await db.delivery.createMany({ data: rows });
  return { posts, deliveries: deliveries.length, threads, parts: parts.length };
}

/** Thread pattern: parts that are not on X exactly once, or do not reply to the part before them. */
function brokenParts(x: XFake, threads: Map<string, string[]>): number {
  const byText = new Map<string, { id: string; repliedTo?: string }[]>();
  for (const tweet of x.state.tweets) byText.set(tweet.text, [...(byText.get(tweet.text) ?? []), tweet]);
  let broken = 0;
  for (const texts of threads.values()) {
    let parent: string | undefined;
    for (const text of texts) {
      const found = byText.get(text) ?? [];
      if (found.length !== 1 || found[0]!.repliedTo !== parent) broken += 1;
      parent = found[0]?.id;
    }
  }
  return broken;
}

interface Worker {
  child: ChildProcess;
  started: Promise<void>;
  exited: Promise<void>;
}

function startWorker(databaseUrl: string, linkedin: LinkedInFake, x: XFake): Worker {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    APP_SECRET: process.env.APP_SECRET,
    APP_URL: process.env.APP_URL,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "info",
    LINKEDIN_CLIENT_ID: linkedin.state.clientId,
    LINKEDIN_CLIENT_SECRET: linkedin.state.clientSecret,
    LINKEDIN_OAUTH_URL: linkedin.oauthUrl,
    LINKEDIN_API_URL: linkedin.apiUrl,
    X_CLIENT_ID: x.state.clientId,
    X_CLIENT_SECRET: x.state.clientSecret,
    X_OAUTH_URL: x.oauthUrl,
    X_API_URL: x.apiUrl,
    PUBLISHER_CONCURRENCY_LINKEDIN: String(CONCURRENCY),
    PUBLISHER_CONCURRENCY_X: String(CONCURRENCY),
    PUBLISHER_POLL_MS: String(POLL_MS),
  };
  const extra = process.env.BENCH_NODE_OPTIONS?.split(" ").filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, "--import", "tsx", "server/worker.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
  let buffered = "";
  const started = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split("\n");
      buffered = lines.pop() ?? "";
      for (const line of lines) {
        if (line.includes('"Publisher started"')) resolve();
        else if (/"level":(40|50|60)/.test(line)) console.log(`  worker ${child.pid}: ${line.slice(0, 300)}`);
      }
    });
    child.once("exit", (code) => reject(new Error(`A worker exited early (code ${code})`)));
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, started, exited };
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc (Linux; NaN elsewhere). With
 * fewer cores than busy processes, wall time follows the machine's load; CPU per delivery does not.
 */
function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}
const CLOCK_TICKS = 100;

/** CPU seconds so far of each PostgreSQL server process connected to the database (same machine). */
async function databaseServerCpu(databaseUrl: string): Promise<Map<number, number>> {
  if (!ADMIN_URL) return new Map();
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = $1", [new URL(databaseUrl).pathname.slice(1)]);
    return new Map(rows.map((row) => [row.pid, cpuSecondsOf(row.pid)]));
  } finally {
    await client.end();
  }
}

function cpuSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1e6;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface Result {
  pattern: Pattern;
  processes: number;
  deliveries: number;
  /** Parts in all (the deliveries' count, but for threads). */
  parts: number;
  published: number;
  failed: number;
  notExactlyOnce: number;
  /** CPU seconds used during the run by the publisher processes, and by this process (fakes, polling). */
  workerCpuS: number;
  benchCpuS: number;
  /** CPU seconds of the PostgreSQL server processes serving this run's database (NaN on SQLite). */
  databaseCpuS: number;
  completionS: number;
  throughput: number;
  p50: number;
  p99: number;
  max: number;
}

async function run(pattern: Pattern, processes: number): Promise<Result> {
  const tag = `${pattern}${processes}-${Date.now().toString(36)}`;
  const [linkedin, x] = await Promise.all([startLinkedInFake({ latencyMs: LATENCY_MS }), startXFake({ latencyMs: LATENCY_MS })]);
  x.state.limits.appTweetsPer24h = 1_000_000_000;
  const database = await freshDatabase(tag.replace(/[^a-z0-9]/gi, "_"));
  process.env.DATABASE_URL = database.url;
  resetEnvCache();
  await disconnectDb();
  const workers: Worker[] = [];
  try {
    const seedStart = Date.now();
    const seeded = pattern === "thread" ? await seedThreads(tag, x) : await seed(tag, linkedin, x);
    console.log(
      `\n[${pattern}, ${processes} process${processes > 1 ? "es" : ""}] seeded ${seeded.posts.length} posts, ${seeded.deliveries} deliveries in ${Date.now() - seedStart} ms`,
    );

    for (let i = 0; i < processes; i++) workers.push(startWorker(database.url, linkedin, x));
    await Promise.all(workers.map((w) => w.started));

    // Everything falls due now: at the same moment (burst), or evenly over one minute (spread).
    const db = getDb();
    const t0 = Date.now() + (pattern === "burst" ? 500 : 3000);
    if (pattern !== "spread") {
      await db.post.updateMany({ data: { scheduledAt: new Date(t0) } });
      await db.delivery.updateMany({ data: { nextAttemptAt: new Date(t0) } });
    } else {
      const buckets = 60;
      for (let b = 0; b < buckets; b++) {
        const ids = seeded.posts.filter((_, i) => i % buckets === b).map((p) => p.id);
        const at = new Date(t0 + (b * SPREAD_MS) / buckets);
        await db.post.updateMany({ where: { id: { in: ids } }, data: { scheduledAt: at } });
        await db.delivery.updateMany({ where: { postId: { in: ids } }, data: { nextAttemptAt: at } });
      }
      if (Date.now() > t0) console.log("  (setting the times took longer than the lead: the first ones were late already)");
    }

    const workersCpuAtStart = workers.reduce((sum, w) => sum + cpuSecondsOf(w.child.pid), 0);
    const benchCpuAtStart = process.cpuUsage();
    const databaseCpuAtStart = await databaseServerCpu(database.url);
    const deadline = t0 + TIMEOUT_MS;
    let done = 0;
    let lastReport = Date.now();
    while (Date.now() < deadline) {
      done = await db.delivery.count({ where: { status: { in: ["published", "failed"] } } });
      if (done >= seeded.deliveries) break;
      if (Date.now() - lastReport > 10_000) {
        lastReport = Date.now();
        console.log(`  ${done}/${seeded.deliveries} after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
      }
      await sleep(250);
    }
    const workerCpuS = workers.reduce((sum, w) => sum + cpuSecondsOf(w.child.pid), 0) - workersCpuAtStart;
    const benchCpuS = cpuSince(benchCpuAtStart);
    const databaseCpuAtEnd = await databaseServerCpu(database.url);
    const databaseCpuS = ADMIN_URL ? [...databaseCpuAtEnd].reduce((sum, [pid, cpu]) => sum + cpu - (databaseCpuAtStart.get(pid) ?? 0), 0) : NaN;
    await Promise.all(workers.map(async (w) => (w.child.kill("SIGTERM"), await w.exited)));

    const rows = await db.delivery.findMany({ select: { status: true, publishedAt: true, post: { select: { scheduledAt: true } } } });
    const published = rows.filter((r) => r.status === "published" && r.publishedAt && r.post.scheduledAt);
    const lateness = published.map((r) => r.publishedAt!.getTime() - r.post.scheduledAt!.getTime()).sort((a, b) => a - b);
    const last = Math.max(...published.map((r) => r.publishedAt!.getTime()));
    const first = Math.min(...published.map((r) => r.post.scheduledAt!.getTime()));
    const notExactlyOnce = seeded.threads
      ? brokenParts(x, seeded.threads)
      : seeded.posts.reduce(
          (n, p) =>
            n +
            (p.platforms.includes("linkedin") && linkedin.countPosts(p.text) !== 1 ? 1 : 0) +
            (p.platforms.includes("twitter") && x.countTweets(p.text) !== 1 ? 1 : 0),
          0,
        );
    const completionS = (last - first) / 1000;
    return {
      pattern,
      processes,
      deliveries: seeded.deliveries,
      parts: seeded.parts,
      published: published.length,
      failed: rows.filter((r) => r.status === "failed").length,
      notExactlyOnce,
      completionS,
      throughput: published.length / completionS,
      p50: percentile(lateness, 50) / 1000,
      p99: percentile(lateness, 99) / 1000,
      max: (lateness[lateness.length - 1] ?? NaN) / 1000,
      workerCpuS,
      benchCpuS,
      databaseCpuS,
    };
  } finally {
    for (const w of workers) w.child.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.exited));
    await disconnectDb();
    await database.drop();
    await Promise.all([linkedin.close(), x.close()]);
  }
}

/** CPU milliseconds per delivery (or per part): the publishers', plus PostgreSQL's server processes on PostgreSQL. */
function cpuPer(result: Result, unit: "delivery" | "part"): string {
  const count = unit === "part" ? result.parts : result.deliveries;
  const cpu = result.workerCpuS + (ADMIN_URL ? result.databaseCpuS : 0);
  return `${((cpu * 1000) / count).toFixed(2)} ms CPU per ${unit} (publishers${ADMIN_URL ? " + PostgreSQL" : ""})`;
}

const results: Result[] = [];
try {
  console.log(
    `Publisher benchmark on ${ADMIN_URL ? "PostgreSQL" : "SQLite"}: ${USERS} users × ${PER_USER} deliveries, fakes answering after ${LATENCY_MS} ms, ` +
      `concurrency ${CONCURRENCY} per platform and process, poll ${POLL_MS} ms`,
  );
  for (const pattern of PATTERNS) {
    for (const processes of PROCESSES) {
      const result = await run(pattern, processes);
      results.push(result);
      console.log(
        `  done: ${result.published}/${result.deliveries} published, ${result.failed} failed, ${result.notExactlyOnce} not exactly once; ` +
          `completion ${result.completionS.toFixed(1)} s, ${result.throughput.toFixed(0)}/s, lateness p50 ${result.p50.toFixed(2)} s p99 ${result.p99.toFixed(2)} s; ` +
          `CPU: publishers ${result.workerCpuS.toFixed(1)} s, this process (fakes, polling) ${result.benchCpuS.toFixed(1)} s` +
          (ADMIN_URL ? `, PostgreSQL ${result.databaseCpuS.toFixed(1)} s` : "") +
          `; ${cpuPer(result, "delivery")}` +
          (result.pattern === "thread" ? `; ${(result.parts / result.completionS).toFixed(0)} parts/s, ${cpuPer(result, "part")}` : ""),
      );
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  "\ncompletion: first scheduled time to last publishedAt (for spread, that includes the minute over which they fall due);" +
    "\nlateness: publishedAt − the post's scheduled time; throughput: published / completion;" +
    "\nCPU: seconds of CPU from the due time to the end, by the publisher processes, by this one (fakes, database polling)" +
    "\nand, on PostgreSQL, by the server processes serving the run's database.",
);
const row = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(10) : c.padStart(12))).join("");
console.log(
  `${row(["pattern", "processes", "published", "failed", "dup/missing", "completion", "throughput", "p50 late", "p99 late", "max late", "worker CPU", "bench CPU", "db CPU", "CPU/deliv.", "parts/s", "CPU/part"])}`,
);
for (const r of results) {
  console.log(
    row([
      r.pattern,
      String(r.processes),
      `${r.published}/${r.deliveries}`,
      String(r.failed),
      String(r.notExactlyOnce),
      `${r.completionS.toFixed(1)} s`,
      `${r.throughput.toFixed(0)}/s`,
      `${r.p50.toFixed(2)} s`,
      `${r.p99.toFixed(2)} s`,
      `${r.max.toFixed(2)} s`,
      `${r.workerCpuS.toFixed(1)} s`,
      `${r.benchCpuS.toFixed(1)} s`,
      ADMIN_URL ? `${r.databaseCpuS.toFixed(1)} s` : "-",
      `${(((r.workerCpuS + (ADMIN_URL ? r.databaseCpuS : 0)) * 1000) / r.deliveries).toFixed(2)} ms`,
      `${(r.parts / r.completionS).toFixed(0)}/s`,
      `${(((r.workerCpuS + (ADMIN_URL ? r.databaseCpuS : 0)) * 1000) / r.parts).toFixed(2)} ms`,
    ]),
  );
}
for (const pattern of PATTERNS) {
  const one = results.find((r) => r.pattern === pattern && r.processes === 1);
  const two = results.find((r) => r.pattern === pattern && r.processes === 2);
  if (one && two) {
    console.log(
      `${pattern}: two processes / one — completion ${(two.completionS / one.completionS).toFixed(2)}, throughput ${(two.throughput / one.throughput).toFixed(2)}, p99 lateness ${(two.p99 / one.p99).toFixed(2)}`,
    );
  }
}
// The goals (figures in the README's benchmark section).
const verdict = (ok: boolean) => (ok ? "met" : "MISSED");
const database = ADMIN_URL ? "PostgreSQL" : "SQLite";
const burst = results.find((r) => r.pattern === "burst" && r.processes === 1);
if (burst) console.log(`Goal: the burst done in ≤ 15 s by one process (${database}): ${verdict(burst.completionS <= 15)} (${burst.completionS.toFixed(1)} s)`);
const burstTwo = results.find((r) => r.pattern === "burst" && r.processes === 2);
if (burst && burstTwo) {
  const speedup = burst.completionS / burstTwo.completionS;
  console.log(`Goal: two processes ≥ 1.8× one (judged on PostgreSQL; this run: ${database}): ${verdict(speedup >= 1.8)} (${speedup.toFixed(2)}×)`);
}
const thread = results.find((r) => r.pattern === "thread" && r.processes === 1);
if (thread)
  console.log(
    `Thread case (one process): ${(thread.parts / thread.completionS).toFixed(0)} parts/s, ${cpuPer(thread, "part")}; graphile-worker ≈ 1.4 ms CPU a job on the same work`,
  );
const spread = results.find((r) => r.pattern === "spread" && r.processes === 1);
if (spread) console.log(`Goal: spread over a minute, lateness p99 ≤ 1 s (one process): ${verdict(spread.p99 <= 1)} (${spread.p99.toFixed(2)} s)`);
const broken = results.some((r) => r.notExactlyOnce > 0 || r.published + r.failed < r.deliveries);
process.exitCode = broken ? 1 : 0;
