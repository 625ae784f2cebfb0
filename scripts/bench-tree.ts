// The memory of what `npm start` leaves running (npm → sh → node), for `npm run bench`: every process
// of the tree, by RSS (what each holds, shared pages counted in each) and by PSS (shared pages split
// between the processes that map them, so the sum counts the node binary npm and the server share once).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface ProcessMemory {
  pid: number;
  command: string;
  rssMb: number;
  pssMb: number;
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}

function memoryOf(pid: number): ProcessMemory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (text: string, field: RegExp) => Number(field.exec(text)?.[1] ?? 0) / 1024;
  const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ").slice(0, 80);
  return { pid, command, rssMb: kb(status, /VmRSS:\s+(\d+)/), pssMb: kb(rollup, /^Pss:\s+(\d+)/m) };
}

/** The process and all its descendants, each with its memory. */
export function treeMemory(rootPid: number): ProcessMemory[] {
  const pids = [rootPid];
  for (let i = 0; i < pids.length; i++) pids.push(...childrenOf(pids[i]!));
  return pids.map(memoryOf);
}

/**
 * Runs `npm start` as a user would (it builds first when the sources changed), waits until it serves
 * and has been idle for `idleSeconds`, and returns the tree's memory.
 */
export async function npmStartIdleMemory(port: number, idleSeconds = 20): Promise<ProcessMemory[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "plume-bench-tree-"));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: "warn" };
  const npm = spawn("npm", ["start", "--silent"], { env, stdio: ["ignore", "ignore", "pipe"], detached: true });
  // The build it may run first is noisy; shown only when it fails.
  let errors = "";
  npm.stderr.on("data", (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-20_000)));
  npm.once("exit", (code) => {
    if (code) console.error(errors);
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 600) throw new Error("npm start did not serve within 2 minutes");
      try {
        if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    return treeMemory(npm.pid!);
  } finally {
    process.kill(-npm.pid!, "SIGTERM");
    await new Promise((r) => npm.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
