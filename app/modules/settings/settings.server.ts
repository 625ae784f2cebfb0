import { getEnv, settingProblems } from "~/core/env/env.server";
import { logger } from "~/core/logger/logger.server";
import {
  SECRET_SETTING_KEYS,
  STORED_SETTING_KEYS,
  setByEnvironment,
  setStoredSettings,
  settingSource,
  storedSettings,
  type SettingSource,
  type StoredSettingKey,
  type StoredSettings,
} from "~/core/settings/stored-settings";
import { seal, unseal } from "~/modules/crypto/secrets.server";
import { getDb } from "~/modules/db/db.server";

// Stored settings (docs/decisions/0061-instance-settings-and-setup.md): read from the database into
// the snapshot getEnv() lays under the environment. The process that saves sees its change at once;
// the others (another instance, the worker) within REFRESH_MS.
export const REFRESH_MS = 10_000;

/** Reads every stored setting into the snapshot; a secret that no longer unseals is left out (and logged). */
export async function loadStoredSettings(): Promise<StoredSettings> {
  const rows = await getDb().instanceSetting.findMany({ select: { key: true, value: true } });
  const values: StoredSettings = {};
  for (const row of rows) {
    if (!(STORED_SETTING_KEYS as readonly string[]).includes(row.key)) continue;
    const key = row.key as StoredSettingKey;
    try {
      values[key] = SECRET_SETTING_KEYS.has(key) ? unseal(row.value) : row.value;
    } catch {
      logger.error({ setting: key }, "A stored setting could not be unsealed (APP_SECRET changed?): ignored");
    }
  }
  setStoredSettings(values);
  lastLoad = Date.now();
  return values;
}

let lastLoad = 0;
let timer: NodeJS.Timeout | undefined;

/** Keeps the snapshot fresh in a long-running process (web server, worker). */
export function startSettingsRefresh(): void {
  if (timer) return;
  timer = setInterval(() => void loadStoredSettings().catch((error: unknown) => logger.warn({ err: error }, "Could not read the stored settings")), REFRESH_MS);
  timer.unref();
}

/** Loads once when the process has not yet (a route reached before the refresh timer ran). */
export async function ensureSettingsLoaded(): Promise<void> {
  if (lastLoad === 0) await loadStoredSettings();
}

export interface SettingView {
  key: StoredSettingKey;
  source: SettingSource;
  secret: boolean;
  /** The value in force, never for a secret. */
  value: string | null;
  /** Whether a secret has a value (from the environment or saved). */
  hasValue: boolean;
}

export function describeSetting(key: StoredSettingKey): SettingView {
  const secret = SECRET_SETTING_KEYS.has(key);
  const inForce = (getEnv() as unknown as Record<string, unknown>)[key];
  const present = inForce !== undefined && inForce !== null && inForce !== "";
  return { key, source: settingSource(key), secret, value: secret || !present ? null : String(inForce), hasValue: present };
}

export type SaveResult = { ok: true } | { ok: false; problems: Partial<Record<StoredSettingKey, string>> };

/**
 * Saves some settings (an empty string clears one). A setting the environment sets is refused, a
 * value the environment's rules refuse is reported by name, and nothing is saved then.
 */
export async function saveSettings(changes: StoredSettings, byUserId: string): Promise<SaveResult> {
  const problems: Partial<Record<StoredSettingKey, string>> = {};
  for (const key of Object.keys(changes) as StoredSettingKey[]) {
    if (setByEnvironment(key)) problems[key] = "environment";
  }
  if (Object.keys(problems).length) return { ok: false, problems };
  const next = { ...storedSettings().values };
  for (const [key, value] of Object.entries(changes) as [StoredSettingKey, string][]) {
    if (value === "") delete next[key];
    else next[key] = value;
  }
  const invalid = settingProblems(Object.fromEntries(Object.entries(next).filter(([key]) => key in changes)) as Record<string, string>);
  if (Object.keys(invalid).length) return { ok: false, problems: invalid as Partial<Record<StoredSettingKey, string>> };

  const db = getDb();
  await db.$transaction(
    (Object.entries(changes) as [StoredSettingKey, string][]).map(([key, value]) => {
      if (value === "") return db.instanceSetting.deleteMany({ where: { key } });
      const stored = SECRET_SETTING_KEYS.has(key) ? seal(value) : value;
      return db.instanceSetting.upsert({
        where: { key },
        create: { key, value: stored, updatedById: byUserId },
        update: { value: stored, updatedById: byUserId },
      });
    }),
  );
  // Never the values: secrets among them.
  logger.info({ settings: Object.keys(changes), userId: byUserId }, "Settings saved");
  await loadStoredSettings();
  return { ok: true };
}
