// npm run bench:webhooks: 1,000 webhook events to a local receiver that answers each after 50 ms
// must all be delivered (signed, one request each) in under 5 s: the worker keeps ~50 in flight
// (docs/decisions/0076-webhooks.md). SQLite by default (a temporary file); BENCH_DATABASE_URL=
// postgresql://user@host/db runs it on PostgreSQL in a temporary database created and dropped here.
// Knobs: BENCH_EVENTS (1000), BENCH_LATENCY_MS (50), BENCH_CONCURRENCY (50), BENCH_LIMIT_S (5).
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startWebhookReceiver } from "../tests/fakes/webhook-receiver";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const LIMIT_MS = Number(process.env.BENCH_LIMIT_S ?? 5) * 1000;
const ADMIN_URL = process.env.BENCH_DATABASE_URL;

const dataDir = mkdtempSync(path.join(tmpdir(), "plume-bench-webhooks-"));
let databaseUrl = `file:${path.join(dataDir, "bench.db")}`;
let pgDatabase: string | undefined;

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

if (ADMIN_URL) {
  pgDatabase = `plume_bench_webhooks_${Date.now()}`;
  await adminQuery(`CREATE DATABASE "${pgDatabase}"`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${pgDatabase}`;
  databaseUrl = url.toString();
}
Object.assign(process.env, {
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  APP_SECRET: randomBytes(32).toString("base64url"),
  APP_URL: "http://localhost:3000",
  LOG_LEVEL: "warn",
  WEBHOOKS_ALLOW_PRIVATE: "true",
});
const { resetEnvCache } = await import("../app/core/env/env.server");
resetEnvCache();
const { getDb, disconnectDb } = await import("../app/modules/db/db.server");
const { migrate } = await import("../app/modules/db/migrate.server");
const { postPublishedEventWrites } = await import("../app/modules/webhook-events/emit.server");
const { newRecordId } = await import("../app/modules/db/ids");
const { createWebhook } = await import("../app/modules/webhooks/webhooks.server");
const { startWebhookWorker } = await import("../app/modules/webhooks/worker.server");

const receiver = await startWebhookReceiver();
receiver.answer = () => ({ status: 200, delayMs: LATENCY_MS });
let failed = false;
try {
  await migrate(databaseUrl);
  const db = getDb();
  const user = await db.user.create({ data: { email: "bench-webhooks@example.com", passwordHash: "x" } });
  await createWebhook(user.id, { url: `${receiver.url}/bench`, events: ["post.published"] });
  // The events, written as the publisher writes them: with the posts' status, in batches of 100
  // posts settled together.
  for (let i = 0; i < EVENTS; i += 100) {
    const ids = Array.from({ length: Math.min(100, EVENTS - i) }, () => newRecordId());
    await db.post.createMany({
      data: ids.map((id) => ({ id, userId: user.id, workspaceId: user.id, status: "published", platforms: "linkedin", linkedinText: "Bench" })),
    });
    await db.$transaction(postPublishedEventWrites(ids));
  }
  const started = performance.now();
  const worker = startWebhookWorker({ pollMs: 100, concurrency: CONCURRENCY });
  while (receiver.requests.length < EVENTS && performance.now() - started < LIMIT_MS * 4) await new Promise((resolve) => setTimeout(resolve, 10));
  const elapsed = performance.now() - started;
  await worker.idle();
  await worker.stop();
  const delivered = await db.webhookDelivery.count({ where: { status: "delivered" } });
  const ids = new Set(receiver.requests.map((r) => r.headers["plume-event-id"]));
  const once = delivered === EVENTS && ids.size === EVENTS && receiver.requests.length === EVENTS;
  const met = once && elapsed < LIMIT_MS;
  console.log(
    `${EVENTS} events, ${LATENCY_MS} ms receiver, ${CONCURRENCY} in flight (${ADMIN_URL ? "PostgreSQL" : "SQLite"}, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, ${cpus().length} cores): ${receiver.requests.length} requests, ${ids.size} distinct ids, ${delivered} delivered`,
  );
  console.log(
    `  all delivered in ${(elapsed / 1000).toFixed(2)} s (${Math.round((EVENTS / elapsed) * 1000)}/s; goal < ${LIMIT_MS / 1000} s, once each: ${met ? "met" : "MISSED"})`,
  );
  if (!met) {
    console.error(`FAILED: expected ${EVENTS} deliveries, once each, in under ${LIMIT_MS / 1000} s`);
    failed = true;
  }
} finally {
  await receiver.close();
  await disconnectDb();
  if (pgDatabase) await adminQuery(`DROP DATABASE IF EXISTS "${pgDatabase}" WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
