// Bundles server/index.ts (the web server) and server/worker.ts (the publisher alone), with the
// modules they import, into build/server/. Packages stay external; the Remix app itself is
// build/server/remix.js, produced by `remix vite:build`.
import { build } from "esbuild";

await build({
  entryPoints: { index: "server/index.ts", worker: "server/worker.ts" },
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
