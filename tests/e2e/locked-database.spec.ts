// The built server, started here on its own data folder, facing what an operator meets (ADR 0043):
// a data folder an earlier version left readable by others, with the temporary file of an upload
// whose process was killed; then another process holding SQLite's write lock, as a backup does.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { deadPid } from "../support/dead-pid";
import { expect, test } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210) + 2;
const BASE = `http://localhost:${PORT}`;
const modeOf = (file: string) => statSync(file).mode & 0o777;

test.describe.configure({ mode: "serial" });
// One server of its own, on one port: run by one project only.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "run once, in the no-JavaScript project");

let dataDir: string;
let server: ChildProcess | undefined;
let stranded: string;

test.beforeAll(async () => {
  dataDir = path.join(mkdtempSync(path.join(tmpdir(), "plume-e2e-locked-")), "data");
  // As an earlier version left it: everything readable by others.
  for (const dir of ["mail", "uploads/u1"]) mkdirSync(path.join(dataDir, dir), { recursive: true, mode: 0o755 });
  writeFileSync(path.join(dataDir, "app-secret"), "an-earlier-secret-that-is-long-enough-0123456789\n", { mode: 0o644 });
  writeFileSync(path.join(dataDir, "mail", "2026-01-01-reset.eml"), "a live reset link", { mode: 0o644 });
  stranded = path.join(dataDir, "uploads", "u1", `photo.png.${await deadPid()}.tmp`);
  writeFileSync(stranded, "half an upload", { mode: 0o644 });
  // Last written two minutes ago: a file written to in the last minute may be another container's.
  const twoMinutesAgo = new Date(Date.now() - 2 * 60_000);
  utimesSync(stranded, twoMinutesAgo, twoMinutesAgo);

  server = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      // Not production while the environment is prepared: the secret is read from DATA_DIR.
      NODE_ENV: "test",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      APP_URL: BASE,
      // Admins named by the operator: no setup screen (decision 61), sign-ups open from the start.
      ADMIN_EMAILS: "admin@e2e.test",
      LOG_LEVEL: "warn",
      PUBLISHER_ENABLED: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; ; i++) {
    if ((await fetch(`${BASE}/healthz`).catch(() => null))?.ok) break;
    if (i > 300) throw new Error("The server did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

test.afterAll(async () => {
  server?.kill("SIGKILL");
  if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

/** A second process takes the write lock on the server's database and keeps it until released. */
async function holdWriteLock() {
  const child = spawn(process.execPath, ["tests/support/hold-sqlite-lock.mjs", path.join(dataDir, "plume.db")], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout! });
  const said = (word: string) => new Promise<void>((resolve) => lines.on("line", (line) => line === word && resolve()));
  await said("locked");
  return {
    async release() {
      const released = said("released");
      child.stdin!.write("release\n");
      await released;
    },
  };
}

let serial = 0;
const signUpForm = (email: string, acceptLanguage = "en") =>
  fetch(`${BASE}/signup`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": acceptLanguage },
    body: new URLSearchParams({ email, password: "password123", confirmPassword: "password123", acceptTerms: "on", timezone: "Europe/Paris" }),
  });
const register = (email: string) =>
  fetch(`${BASE}/api/auth/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: "password123" }),
  });
const email = (label: string) => `${label}-${Date.now()}-${++serial}@e2e.test`;

test("at start, the data folder is made private and the stranded temporary file of a killed upload is gone", () => {
  expect(modeOf(dataDir)).toBe(0o700);
  expect(modeOf(path.join(dataDir, "app-secret"))).toBe(0o600);
  expect(modeOf(path.join(dataDir, "mail"))).toBe(0o700);
  expect(modeOf(path.join(dataDir, "mail", "2026-01-01-reset.eml"))).toBe(0o600);
  expect(modeOf(path.join(dataDir, "uploads", "u1"))).toBe(0o700);
  for (const suffix of ["", "-wal", "-shm"]) expect(modeOf(path.join(dataDir, `plume.db${suffix}`))).toBe(0o600);
  expect(existsSync(stranded)).toBe(false);
});

test("while another process holds the write lock: /healthz answers, writes answer 503 with Retry-After; after, all works and nothing is lost", async () => {
  const before = email("before");
  expect((await register(before)).status).toBe(201);

  const lock = await holdWriteLock();
  let settled = false;
  const pending = signUpForm(email("locked"), "fr-FR,fr;q=0.9").finally(() => (settled = true));
  try {
    // The event loop serves the health check while the sign-up waits for the lock.
    const health = await fetch(`${BASE}/healthz`);
    expect(health.status).toBe(200);
    expect(settled).toBe(false);

    const page = await pending;
    expect(page.status).toBe(503);
    expect(page.headers.get("Retry-After")).toBe("5");
    expect(await page.text()).toContain("La base de données est occupée pour un instant. Veuillez réessayer dans quelques secondes.");

    const api = await register(email("locked-api"));
    expect(api.status).toBe(503);
    expect(api.headers.get("Retry-After")).toBe("5");
    expect((await api.json()).error.code).toBe("database_busy");
  } finally {
    await lock.release();
  }

  const after = await signUpForm(email("after"));
  expect([302, 303]).toContain(after.status);
  expect(after.headers.get("Set-Cookie")).toContain("plume");
  expect((await register(email("after-api"))).status).toBe(201);
  const login = await fetch(`${BASE}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: before, password: "password123" }),
  });
  expect(login.status).toBe(200);
});
