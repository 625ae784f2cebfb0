// `npm run format` rewrites every file in Prettier's style; `npm run format -- --check` only says
// which files differ and fails if any does (CI). Prettier given both flags would write and pass.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";

const args = process.argv.slice(2);
const mode = args.includes("--check") ? [] : ["--write"];
const prettier = createRequire(import.meta.url).resolve("prettier/bin/prettier.cjs");
const { status } = spawnSync(process.execPath, [prettier, ".", "--log-level=warn", ...mode, ...args], { stdio: "inherit" });
process.exit(status ?? 1);
