// Bundles server/index.ts (and the modules it imports) into build/server/index.js. Packages stay
// external; the Remix app itself is build/server/remix.js, produced by `remix vite:build`.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "build/server/index.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
  alias: { "~": "./app" },
});
