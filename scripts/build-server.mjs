// Bundles server/index.ts (the web server) and server/worker.ts (the publisher alone), with the
// modules they import, into build/server/; server/demo/index.ts (the simulated networks of `npm run
// demo`) apart, as demo.js, which the server loads only in demo mode. Packages stay external; the Remix app itself is
// build/server/remix.js, produced by `remix vite:build`.
import { build } from "esbuild";

await build({
  // content-render: the content reader the server runs apart as it starts (app/modules/content/content.server.ts).
  entryPoints: {
    index: "server/index.ts",
    worker: "server/worker.ts",
    "content-render": "app/modules/content/render-content.ts",
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
