// Shared setup for the provider client tests (app/integrations/*.server.test.ts): the environment
// the clients read, pointed at a fake and put back afterwards, and small helpers for assertions.
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect } from "vitest";
import { ProviderError } from "~/integrations/provider-error";
import { resetEnvCache } from "~/core/env/env.server";
import type { RecordedRequest } from "../fakes/fake-kit";

const APP_KEYS = ["DATA_DIR", "DATABASE_URL", "APP_SECRET", "APP_URL", "PROVIDER_TIMEOUT_MS"] as const;

export interface ProviderEnv<Key extends string> {
  /** Sets the app's and the provider's variables (undefined in overrides: unset), then rereads them. */
  configure(overrides?: Partial<Record<(typeof APP_KEYS)[number] | Key, string | undefined>>): void;
  /** Puts every variable back as it was before the test file ran. */
  restore(): void;
}

/**
 * `keys` are the provider's own variables, `values` their settings (read at each configure, so
 * they can name a fake started later). The values of the variables are saved right away.
 */
export function providerEnv<const Key extends string>({
  name,
  keys,
  values,
}: {
  name: string;
  keys: readonly Key[];
  values: () => Record<Key, string>;
}): ProviderEnv<Key> {
  const all = [...APP_KEYS, ...keys];
  const saved = Object.fromEntries(all.map((key) => [key, process.env[key]]));
  const dataDir = mkdtempSync(path.join(tmpdir(), `plume-${name}-`));
  const apply = (wanted: Record<string, string | undefined>) => {
    for (const key of all) {
      const value = wanted[key];
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  };
  return {
    configure(overrides = {}) {
      apply({
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${path.join(dataDir, "test.db")}`,
        APP_SECRET: "test-secret-0123456789-0123456789-abcdef",
        APP_URL: "http://localhost:3000",
        PROVIDER_TIMEOUT_MS: "5000",
        ...values(),
        ...overrides,
      });
    },
    restore: () => apply(saved),
  };
}

/** The ProviderError a client call must fail with. */
export async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** The newest request a fake recorded for this method and path (the fake is read at each call). */
export const lastRequestOf =
  (requests: () => RecordedRequest[]) =>
  (method: string, pathname: string): RecordedRequest =>
    [...requests()].reverse().find((r) => r.method === method && r.path === pathname)!;

/** A URL on which nothing listens: the port was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
