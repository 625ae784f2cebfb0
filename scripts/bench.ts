// npm run bench: speed and memory checks on the built app (never timed tests). It serves the build on
// a fresh SQLite data folder, seeds one user with 1,000 posts (and a queue of 21 slots on two channels), measures server render times (each
// /posts view against the plain /login page, requested in turn in the same rounds), the landing page's
// JavaScript, and the server's memory idle and after the load.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { gzipSync } from "node:zlib";
import type { Db } from "../app/modules/db/db.server";
import { npmStartIdleMemory } from "./bench-tree";

const PORT = Number(process.env.BENCH_PORT ?? 3231);
const base = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "plume-bench-"));
// ADMIN_EMAILS closes the first-run setup (docs/decisions/0061), so that the API sign-up below is open.
const env = { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, APP_URL: base, LOG_LEVEL: "warn", ADMIN_EMAILS: "admin@bench.test" };

// The server runs with the node flags of `npm start` (its heap limits), then BENCH_NODE_OPTIONS
// (e.g. --max-old-space-size=160, --heapsnapshot-signal=SIGUSR2; a flag given twice, the last wins).
const startFlags = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts.start
  .split(" ")
  .filter((word) => word.startsWith("--"));
const nodeFlags = [...startFlags, ...(process.env.BENCH_NODE_OPTIONS?.split(" ").filter(Boolean) ?? [])];
const server = spawn(process.execPath, [...nodeFlags, "build/server/index.js"], { env, stdio: ["ignore", "inherit", "inherit"] });
const stop = () => {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
};

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("The server did not start");
}

async function seed(email: string) {
  Object.assign(process.env, env, { DATABASE_URL: `file:${path.join(dataDir, "plume.db")}` });
  const { prepareEnvironment } = await import("../app/core/env/env.server");
  prepareEnvironment();
  const { getDb } = await import("../app/modules/db/db.server");
  const db = getDb();
  const user = await db.user.findUniqueOrThrow({ where: { email } });
  const statuses = ["draft", "scheduled", "published", "failed"];
  const now = Date.now();
  await db.post.createMany({
    data: Array.from({ length: 1000 }, (_, i) => ({
      userId: user.id,
      workspaceId: user.id,
      status: statuses[i % 4]!,
      platforms: "linkedin,twitter",
      linkedinText: `Post number ${i}: ${"some words ".repeat(30)}`,
      twitterText: `Post number ${i}`,
      scheduledAt: i % 4 === 0 ? null : new Date(now + (i - 500) * 3_600_000),
      publishedAt: i % 4 === 2 ? new Date(now + (i - 500) * 3_600_000) : null,
      createdAt: new Date(now - i * 60_000),
    })),
  });
  await seedQueue(db, user.id, now);
}

/**
 * A queue, so that the queue view and the calendar compute free slots: two channels, three slots
 * every day for both (21), and the first 40 coming slot times held by scheduled posts on both
 * channels (of the 1,000, moved there), as "add to queue" would have placed them.
 */
async function seedQueue(db: Db, userId: string, now: number) {
  const { freeSlotTimes } = await import("../app/modules/queue/queue-slots");
  const channels = await Promise.all(
    ["linkedin", "twitter"].map((network) =>
      db.channel.create({
        data: { userId, workspaceId: userId, network, providerUserId: `bench-${network}`, displayName: `Bench ${network}` },
        select: { id: true },
      }),
    ),
  );
  const slots = [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => ["09:00", "12:30", "17:45"].map((time) => ({ channelId: null, weekday, time })));
  await db.queueSlot.createMany({ data: slots.map((slot) => ({ userId, workspaceId: userId, ...slot })) });
  const { timezone } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { timezone: true } });
  const times = freeSlotTimes({ slots, channelIds: channels.map((c) => c.id), zone: timezone, now: new Date(now), count: 40 });
  const posts = await db.post.findMany({
    where: { userId, status: "scheduled", scheduledAt: { gt: new Date(now) } },
    select: { id: true },
    take: times.length,
  });
  for (const [i, post] of posts.entries()) {
    await db.post.update({ where: { id: post.id }, data: { scheduledAt: times[i]! } });
    await db.postTarget.createMany({
      data: channels.map((channel, position) => ({
        postId: post.id,
        channelId: channel.id,
        network: position === 0 ? "linkedin" : "twitter",
        position: position + 1,
      })),
    });
  }
}

// 100 requests a page: with 30, the p95 was the second-slowest request, and one garbage collection
// or a busy neighbour moved a ratio by 2×.
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

interface Page {
  label: string;
  url: string;
  signedIn: boolean;
  /** A /posts view held to the 1.5× goal. */
  view?: string;
}

/** One request's time to the end of its body, in ms (a non-2xx answer fails the bench). */
async function timeRequest(page: Page, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${base}${page.url}`, { headers: { Cookie: page.signedIn ? cookie : "", "User-Agent": "bench (bot)" } });
  const bytes = (await response.text()).length;
  if (!response.ok) throw new Error(`${page.label}: HTTP ${response.status}`);
  return { ms: performance.now() - started, bytes };
}

/**
 * The pages side by side: `runs` rounds, each requesting every page once in turn, so that the
 * machine's moments (a busy neighbour, the JIT still warming, a garbage collection) fall on all
 * of them alike instead of on whichever page was measured at the time.
 */
async function measureSideBySide(pages: Page[], cookie: string, runs = RUNS) {
  const times = pages.map(() => [] as number[]);
  const bytes = pages.map(() => 0);
  for (let round = 0; round < runs; round++)
    for (const [i, page] of pages.entries()) {
      const one = await timeRequest(page, cookie);
      times[i]!.push(one.ms);
      bytes[i] = one.bytes;
    }
  return pages.map((page, i) => {
    const sorted = times[i]!.sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const p95 = sorted[Math.floor(sorted.length * 0.95)]!;
    console.log(
      `${page.label.padEnd(44)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   ${(bytes[i]! / 1024).toFixed(0)} KB HTML`,
    );
    return { median, p95 };
  });
}

/** Resident memory of the server process, in MB (Linux). */
function serverRssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const verdict = (ok: boolean) => (ok ? "met" : "MISSED");

/**
 * The JavaScript the landing page loads (scripts, module preloads, route chunks and inline
 * scripts), gzipped. Budget: 100 KB.
 */
async function landingJavaScript() {
  const html = await (await fetch(`${base}/`)).text();
  const urls = new Set([...html.matchAll(/(?:src|href)="(\/[^"]+\.js)"/g)].map((m) => m[1]!));
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
  const bodies = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => Buffer.from(m[1]!));
  for (const url of urls) bodies.push(Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer()));
  const raw = bodies.reduce((sum, body) => sum + body.length, 0);
  const gzipped = bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
  const verdict = gzipped <= 100 * 1024 ? "within" : "OVER";
  console.log(
    `\nLanding page JavaScript: ${bodies.length} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzip (${verdict} the 100 KB budget)`,
  );
}

let loadedRss = 0;
const loadedMbOf = () => loadedRss.toFixed(0);

try {
  await waitForServer();
  const email = "bench@example.com";
  const register = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "password123" }),
  });
  const cookie = (register.headers.get("set-cookie") ?? "").split(";")[0]!;
  await seed(email);
  await new Promise((r) => setTimeout(r, 2000));
  const idleMb = serverRssMb();
  console.log(`\nServer render, one user with 1,000 posts (SQLite), ${RUNS} rounds of every page in turn:`);
  const pages: Page[] = [
    { label: "GET /login (the plain page)", url: "/login", signedIn: false },
    { label: "GET /posts (gallery, page 1 of 84)", url: "/posts", signedIn: true, view: "gallery" },
    { label: "GET /posts?view=list&page=40", url: "/posts?view=list&page=40", signedIn: true, view: "list" },
    { label: "GET /posts?status=failed", url: "/posts?status=failed", signedIn: true, view: "failed" },
    { label: "GET /posts?view=calendar", url: "/posts?view=calendar", signedIn: true, view: "calendar" },
    { label: "GET /posts?view=queue (7 days)", url: "/posts?view=queue", signedIn: true, view: "queue" },
    { label: "GET /api/posts?pageSize=100", url: "/api/posts?pageSize=100", signedIn: true },
    { label: "GET / (landing)", url: "/", signedIn: false },
  ];
  // BENCH_PAGES (a pattern on the labels) measures only some pages, e.g. for a CPU profile of one view; /login stays.
  const only = process.env.BENCH_PAGES ? new RegExp(process.env.BENCH_PAGES) : null;
  if (only) pages.splice(0, pages.length, ...pages.filter((page, i) => i === 0 || only.test(page.label)));
  // Warm-up, not counted: the first requests load code, fill caches and leave the JIT cold.
  await measureSideBySide(pages, cookie, 20);
  console.log("(the warm-up rounds above are not counted)\n");
  const [login, ...results] = await measureSideBySide(pages, cookie);
  const views = pages.slice(1).flatMap((page, i) => (page.view ? [[page.view, results[i]!] as const] : []));
  const loginP95 = login!.p95;
  const loginMedian = login!.median;
  console.log(`\n/posts p95 against /login p95 (${loginP95.toFixed(1)} ms, measured in the same rounds); goal ≤ 1.5× (medians' ratio beside it):`);
  for (const [view, { median, p95 }] of views)
    console.log(
      `  ${view.padEnd(10)} ${(p95 / loginP95).toFixed(2)}×  ${verdict(p95 <= 1.5 * loginP95).padEnd(6)}  (median ${(median / loginMedian).toFixed(2)}×)`,
    );
  await landingJavaScript();
  const loadedMb = serverRssMb();
  loadedRss = loadedMb;
  console.log(`\nServer process (node): ${idleMb.toFixed(0)} MB RSS just after seeding, ${loadedMb.toFixed(0)} MB RSS after the requests above`);
} finally {
  stop();
}

// The whole `npm start` tree, idle (the goal is for the tree, npm included).
const tree = await npmStartIdleMemory(PORT + 1);
const sum = (key: "rssMb" | "pssMb") => tree.reduce((total, one) => total + one[key], 0);
console.log("\n`npm start`, idle for 20 s after it served:");
for (const one of tree)
  console.log(
    `  ${String(one.pid).padStart(7)} ${one.command.padEnd(70)} RSS ${one.rssMb.toFixed(0).padStart(4)} MB  PSS ${one.pssMb.toFixed(0).padStart(4)} MB`,
  );
const others = sum("rssMb") - tree.at(-1)!.rssMb;
console.log(
  `  whole tree: PSS ${sum("pssMb").toFixed(0)} MB (goal ≤ 150: ${verdict(sum("pssMb") <= 150)}), RSS summed ${sum("rssMb").toFixed(0)} MB (${verdict(sum("rssMb") <= 150)}; counts the node binary npm and the server share twice)`,
);
console.log(
  `  under the /posts load above: server ${loadedMbOf()} MB + the rest of the tree ${others.toFixed(0)} MB RSS = ${(Number(loadedMbOf()) + others).toFixed(0)} MB (goal ≤ 300: ${verdict(Number(loadedMbOf()) + others <= 300)})`,
);
