// npm run bench:metrics: how fast the metrics job (app/modules/metrics/job.server.ts) refreshes the
// numbers of many published posts. BENCH_POSTS (10,000) published X posts of BENCH_USERS (100)
// users, each with its X channel, all due at once; the X fake runs in this process and answers
// after BENCH_LATENCY_MS (50) ms, 100 ids a call at most. The job runs in a child process of its
// own (as in the app: the fake and the seeding are not its memory). Measured: the time until every
// post's numbers are stored (each checked against the fake's), the X calls made, and the memory the
// run added to the job's process (peak RSS over its RSS once started). Goal: under 10 s and 60 MB.
//
// SQLite by default (a temporary file). BENCH_DATABASE_URL=postgresql://user@host/db (a database
// to connect to as admin) runs it on PostgreSQL, in a temporary database created and dropped here.
// BENCH_WORKERS (1): job instances ticking side by side (they must never fetch a post twice);
// BENCH_BATCH: targets claimed per tick (the job's default otherwise).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { startXFake } from "../tests/fakes/x-server";
import { xChannelData } from "../tests/support/x-channel";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const USERS = Number(process.env.BENCH_USERS ?? 100);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
/** Targets claimed per tick; unset: the job's own default. */
const BATCH = process.env.BENCH_BATCH ? Number(process.env.BENCH_BATCH) : undefined;
const ADMIN_URL = process.env.BENCH_DATABASE_URL;
const GOAL_MS = 10_000;
const GOAL_MB = 60;

if (process.argv.includes("--job")) {
  await runJob();
  process.exit(0);
}

/** The child: the job's ticks until nothing is due, its time and memory as one JSON line. */
async function runJob() {
  const { getDb } = await import("../app/modules/db/db.server");
  const { newJobMemory, runMetricsTick } = await import("../app/modules/metrics/job.server");
  await getDb().postTarget.count(); // connected and warm, as a running server is
  (globalThis as { gc?: () => void }).gc?.();
  const { rss: baseRss, heapUsed: baseHeap } = process.memoryUsage();
  let peakRss = baseRss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
  const started = performance.now();
  let ticks = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      const memory = newJobMemory();
      while ((await runMetricsTick(`bench-${w}`, memory, { batch: BATCH })) > 0) ticks += 1;
    }),
  );
  const elapsedMs = performance.now() - started;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  // What stays once the garbage is collected (the peak is mostly garbage V8 collects lazily).
  (globalThis as { gc?: () => void }).gc?.();
  const keptHeap = process.memoryUsage().heapUsed - baseHeap;
  console.log(JSON.stringify({ elapsedMs, ticks, baseRss, peakRss, keptHeap }));
}

const dataDir = mkdtempSync(path.join(tmpdir(), "plume-bench-metrics-"));
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: `file:${path.join(dataDir, "bench.db")}`,
  APP_SECRET: randomBytes(32).toString("base64url"),
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "warn",
});

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let dropDatabase = async () => {};
if (ADMIN_URL) {
  const database = `plume_bench_metrics_${Date.now()}`;
  await adminQuery(`CREATE DATABASE "${database}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  process.env.DATABASE_URL = url.toString();
  dropDatabase = () => adminQuery(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
}

const { resetEnvCache } = await import("../app/core/env/env.server");
const x = await startXFake({ latencyMs: LATENCY_MS });
Object.assign(process.env, {
  X_CLIENT_ID: "x-bench",
  X_CLIENT_SECRET: "x-bench-secret",
  X_OAUTH_URL: x.oauthUrl,
  X_API_URL: x.apiUrl,
  PROVIDER_TIMEOUT_MS: "10000",
});
resetEnvCache();
const { migrate } = await import("../app/modules/db/migrate.server");
await migrate(process.env.DATABASE_URL!);
const { getDb, disconnectDb } = await import("../app/modules/db/db.server");

const newId = () => `c${randomBytes(12).toString("hex")}`;
const chunks = <T>(rows: T[], size = 500) => Array.from({ length: Math.ceil(rows.length / size) }, (_, i) => rows.slice(i * size, (i + 1) * size));

/** Users with an X channel each, and POSTS published posts spread over them, all due now. */
async function seed(): Promise<Map<string, number>> {
  const db = getDb();
  const users = Array.from({ length: USERS }, (_, u) => ({ id: newId(), email: `bench-metrics-${u}@example.com`, passwordHash: "x" }));
  const channels = users.map((user) => {
    const { account, data } = xChannelData(x, user.id, 86_400);
    return { id: newId(), account, data };
  });
  for (const rows of chunks(users)) await db.user.createMany({ data: rows });
  for (const rows of chunks(channels)) await db.channel.createMany({ data: rows.map((c) => ({ id: c.id, ...c.data })) });
  const publishedAt = new Date(Date.now() - 2 * 3_600_000);
  const due = new Date(Date.now() - 1000);
  const likes = new Map<string, number>();
  const posts = [];
  const targets = [];
  const parts = [];
  const deliveries = [];
  for (let p = 0; p < POSTS; p++) {
    const channel = channels[p % channels.length]!;
    const text = `Bench metrics post ${p}`;
    const tweet = x.seedTweet(channel.account.id, text);
    x.setMetrics(tweet.id, { like_count: p, retweet_count: p % 7, reply_count: p % 5, quote_count: p % 3, impression_count: p * 10 });
    likes.set(tweet.id, p);
    const postId = newId();
    const targetId = newId();
    posts.push({
      id: postId,
      userId: channel.data.userId,
      workspaceId: channel.data.userId,
      status: "published",
      platforms: "twitter",
      twitterText: text,
      publishedAt,
    });
    targets.push({ id: targetId, postId, channelId: channel.id, network: "twitter", position: 1, metricsDueAt: due });
    parts.push({ targetId, position: 1, text, status: "published", externalId: tweet.id, url: `https://x.com/i/status/${tweet.id}`, publishedAt });
    deliveries.push({ postId, targetId, platform: "twitter", status: "published", attempts: 1, externalId: tweet.id, publishedAt });
  }
  for (const rows of chunks(posts)) await db.post.createMany({ data: rows });
  for (const rows of chunks(targets)) await db.postTarget.createMany({ data: rows });
  for (const rows of chunks(parts)) await db.postPart.createMany({ data: rows });
  for (const rows of chunks(deliveries)) await db.delivery.createMany({ data: rows });
  return likes;
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const serverFlags = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start
  .split(" ")
  .filter((word) => word.startsWith("--"));

try {
  console.log(`Seeding ${POSTS.toLocaleString("en")} published X posts for ${USERS} users on ${ADMIN_URL ? "PostgreSQL" : "SQLite"}…`);
  const likes = await seed();
  x.state.requests.length = 0;
  const job = await new Promise<{ elapsedMs: number; ticks: number; baseRss: number; peakRss: number; keptHeap: number }>((resolve, reject) => {
    // The job runs inside the server: its process gets the server's memory flags (`npm start`'s).
    const child = spawn(process.execPath, [...serverFlags, ...process.execArgv, fileURLToPath(import.meta.url), "--job"], {
      env: process.env,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code === 0 && line.startsWith("{")) resolve(JSON.parse(line));
      else reject(new Error(`The job's process ended with ${code}: ${out}`));
    });
  });
  const elapsed = job.elapsedMs;
  const ticks = job.ticks;
  const calls = x.state.requests.filter((r) => r.method === "GET" && r.path === "/2/tweets");
  const ids = calls.flatMap((r) => (r.query.ids ?? "").split(","));

  const stored = await getDb().postPart.findMany({ select: { externalId: true, likes: true, metricsFetchedAt: true } });
  const wrong = stored.filter((part) => part.metricsFetchedAt === null || part.likes !== likes.get(part.externalId!)).length;
  const twice = ids.length - new Set(ids).size;
  const extraRss = mb(job.peakRss - job.baseRss);
  const verdict = (ok: boolean) => (ok ? "OK" : "MISSED");
  console.log(
    `\nRefreshed ${stored.length.toLocaleString("en")} posts with ${WORKERS} worker(s) in ${(elapsed / 1000).toFixed(2)} s (goal < 10 s: ${verdict(elapsed < GOAL_MS)})`,
  );
  console.log(`  ${ticks} ticks, ${calls.length} X calls (${(ids.length / Math.max(1, calls.length)).toFixed(1)} ids a call), X answering in ${LATENCY_MS} ms`);
  console.log(
    `  job process: RSS ${mb(job.baseRss).toFixed(0)} MB once started, peak ${mb(job.peakRss).toFixed(0)} MB: +${extraRss.toFixed(1)} MB (goal < ${GOAL_MB} MB: ${verdict(extraRss < GOAL_MB)}); heap kept after a GC +${mb(job.keptHeap).toFixed(1)} MB`,
  );
  console.log(`  numbers stored right: ${stored.length - wrong}/${stored.length}; ids fetched twice: ${twice}`);
  if (wrong > 0 || twice > 0 || elapsed >= GOAL_MS || extraRss >= GOAL_MB) process.exitCode = 1;
} finally {
  await x.close();
  await disconnectDb();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
