// Bundles server/index.ts (the web server), server/worker.ts (the publisher alone),
// server/media-to-s3.ts (the command that moves uploads to S3) and the backup and restore commands,
// with the modules they import, into build/server/; server/demo/index.ts (the simulated networks of
// `npm run demo`) apart, as demo.js, which the server loads only in demo mode. Packages stay
// external; the Remix app itself is
// build/server/remix.js, produced by `remix vite:build`.
import { build } from "esbuild";

await build({
  // content-render: the content reader the server runs apart as it starts (app/modules/content/content.server.ts).
  // backup and restore: `npm run backup` / `npm run restore` for images without the dev tools (node build/server/backup.js).
  entryPoints: {
    index: "server/index.ts",
    worker: "server/worker.ts",
    "media-to-s3": "server/media-to-s3.ts",
    "content-render": "app/modules/content/render-content.ts",
    backup: "scripts/backup.ts",
    restore: "scripts/restore.ts",
    demo: "server/demo/index.ts",
  },
  outdir: "build/server",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "~": "./app" },
});

// The analytics module for pages sent without the app's JavaScript (app/analytics-standalone.ts),
// served from /analytics/; posthog-js stays a chunk of its own, fetched only when a key is set.
await build({
  entryPoints: { standalone: "app/analytics-standalone.ts" },
  outdir: "build/client/analytics",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  chunkNames: "chunks/[name]-[hash]",
  logLevel: "warning",
  alias: { "~": "./app" },
});
