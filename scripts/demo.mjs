// `npm run demo` (docs/decisions/0062-demo-mode.md): Plume with LinkedIn, X and the AI model simulated
// inside the same process, on its own data folder (./data-demo, or DEMO_DATA_DIR), with no mail,
// billing or analytics leaving the machine. Then the same start as `npm start` (build if stale).
// `--no-build` runs the existing build as it is (the tests, which build first).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** Left in the demo's folder: the server refuses DEMO_MODE on any other (server/index.ts). */
const MARKER = ".plume-demo";
/** The operator's own settings that would reach a real service or real data: never used by the demo. */
const REAL_SETTINGS =
  /^(DATABASE_URL|APP_SECRET|APP_URL|ADMIN_EMAILS|SMTP_URL|MAIL_FROM|TRUST_PROXY|PUBLISHER_ENABLED|(LINKEDIN|X|AI|STRIPE|POSTHOG|BLUESKY|MASTODON)_.*)$/;

function refuse(message) {
  console.error(`\n${message}\n`);
  process.exit(1);
}

if (process.env.NODE_ENV === "production") {
  refuse("npm run demo refuses to run with NODE_ENV=production: it simulates LinkedIn and X, a demonstration is never a production server.");
}

const dataDir = path.resolve(process.env.DEMO_DATA_DIR || "data-demo");
const realDirs = [path.resolve("data"), process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : null].filter(Boolean);
if (realDirs.includes(dataDir)) refuse(`The demo keeps its data apart: ${dataDir} is the real data folder. Choose another DEMO_DATA_DIR.`);
if (existsSync(path.join(dataDir, "plume.db")) && !existsSync(path.join(dataDir, MARKER))) {
  refuse(`${dataDir} holds a Plume database that the demo did not make: the demo will not touch it. Choose another DEMO_DATA_DIR.`);
}
mkdirSync(dataDir, { recursive: true, mode: 0o700 });
writeFileSync(path.join(dataDir, MARKER), "Made by `npm run demo`: demonstration data, safe to delete.\n", { mode: 0o600 });

for (const key of Object.keys(process.env)) if (REAL_SETTINGS.test(key)) delete process.env[key];
const port = process.env.PORT || "3000";
const appUrl = `http://localhost:${port}`;
const networks = `${appUrl}/demo-networks`;
Object.assign(process.env, {
  DEMO_MODE: "true",
  DATA_DIR: dataDir,
  PORT: port,
  // This machine only: nothing of the demo is reachable from elsewhere.
  HOST: process.env.HOST || "127.0.0.1",
  APP_URL: appUrl,
  LINKEDIN_CLIENT_ID: "plume-demo-linkedin",
  LINKEDIN_CLIENT_SECRET: "plume-demo-linkedin-secret",
  LINKEDIN_OAUTH_URL: `${networks}/linkedin/oauth/v2`,
  LINKEDIN_API_URL: `${networks}/linkedin`,
  LINKEDIN_WEB_URL: `${networks}/linkedin`,
  X_CLIENT_ID: "plume-demo-x",
  X_CLIENT_SECRET: "plume-demo-x-secret",
  X_OAUTH_URL: `${networks}/x/i/oauth2`,
  X_API_URL: `${networks}/x`,
  X_WEB_URL: `${networks}/x`,
  AI_BASE_URL: `${networks}/model/v1`,
  AI_API_KEY: "plume-demo-model",
  AI_MODEL: "demo-model",
  // Bluesky and Mastodon are not simulated: pointed at this machine, where nothing answers for them.
  BLUESKY_SERVICE_URL: `${networks}/bluesky`,
  BLUESKY_PLC_URL: `${networks}/bluesky`,
  BLUESKY_APPVIEW_URL: `${networks}/bluesky`,
});
console.log(`Plume demonstration: data in ${dataDir}; LinkedIn, X and the AI model are simulated here. Open ${appUrl}`);

if (process.argv.includes("--no-build")) await import(pathToFileURL(path.resolve("build/server/index.js")).href);
else await import("./start.mjs");
