import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { configDefaults } from "vitest/config";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

const isVitest = Boolean(process.env.VITEST);
const postgresUrl = process.env.TEST_POSTGRES_URL;
// Said once per run (the config is evaluated for each test project).
if (isVitest && !postgresUrl && !process.env.PLUME_PG_SKIP_SAID) {
  process.env.PLUME_PG_SKIP_SAID = "1";
  console.warn(
    "\n[plume] PostgreSQL integration tests are SKIPPED: TEST_POSTGRES_URL is not set" +
      " (e.g. TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:5432/postgres npm test). SQLite tests run.\n",
  );
}

export default defineConfig({
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  server: { port: Number(process.env.PORT ?? 3000) },
  build: { target: "es2022" },
  // Bundled into the server build so only the icons we draw are loaded: as an external package,
  // node would load every one of its ~1,500 icon modules (~35 MB resident, docs/decisions/0037).
  ssr: { noExternal: ["lucide-react"] },
  plugins: [
    tailwindcss(),
    !isVitest &&
      remix({
        serverBuildFile: "remix.js",
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_lazyRouteDiscovery: true,
          v3_singleFetch: true,
          v3_routeConfig: true,
        },
      }),
  ],
  test: {
    exclude: [...configDefaults.exclude, "tests/e2e/**", "build/**"],
    // Two files at a time even on two cores (Vitest's default there is one): the integration
    // files spend most of their time waiting (leases, child processes, fakes' latency), and each
    // has its own database, so two overlap well (decision 80).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "scripts/**/*.test.ts", "tests/fakes/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "sqlite",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/setup/database.ts"],
          env: { TEST_DATABASE: "sqlite" },
        },
      },
      ...(postgresUrl
        ? [
            {
              extends: true as const,
              test: {
                name: "postgres",
                include: ["tests/integration/**/*.test.ts"],
                setupFiles: ["tests/setup/database.ts"],
                env: { TEST_DATABASE: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
