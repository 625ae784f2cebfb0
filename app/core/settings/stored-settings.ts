// The settings an admin may keep in the database (docs/decisions/0061-instance-settings-and-setup.md).
// The integrations read them through getEnv(), which lays the stored values under the environment:
// a variable set in the environment always wins. The modules layer loads the values from the
// database into this snapshot (app/modules/settings); this layer never reads the database.

export const STORED_SETTING_KEYS = [
  "SITE_NAME",
  "APP_URL",
  "SMTP_URL",
  "MAIL_FROM",
  "AI_BASE_URL",
  "AI_API_KEY",
  "AI_MODEL",
  "LINKEDIN_CLIENT_ID",
  "LINKEDIN_CLIENT_SECRET",
  "X_CLIENT_ID",
  "X_CLIENT_SECRET",
] as const;

export type StoredSettingKey = (typeof STORED_SETTING_KEYS)[number];
export type StoredSettings = Partial<Record<StoredSettingKey, string>>;

/** Sealed at rest, never shown back (an SMTP URL carries its password). */
export const SECRET_SETTING_KEYS: ReadonlySet<StoredSettingKey> = new Set(["SMTP_URL", "AI_API_KEY", "LINKEDIN_CLIENT_SECRET", "X_CLIENT_SECRET"]);

export function isStoredSettingKey(key: string): key is StoredSettingKey {
  return (STORED_SETTING_KEYS as readonly string[]).includes(key);
}

/** Names of the variables prepareEnvironment filled with a default (comma-separated), not the operator. */
export const DEFAULTED_VARIABLES = "PLUME_DEFAULTED_VARIABLES";

export function setByEnvironment(key: StoredSettingKey, source: NodeJS.ProcessEnv = process.env): boolean {
  if (source[key] === undefined || source[key] === "") return false;
  return !(source[DEFAULTED_VARIABLES] ?? "").split(",").includes(key);
}

export type SettingSource = "environment" | "stored" | "default";

export function settingSource(key: StoredSettingKey, source: NodeJS.ProcessEnv = process.env): SettingSource {
  if (setByEnvironment(key, source)) return "environment";
  return storedSettings().values[key] !== undefined ? "stored" : "default";
}

interface Snapshot {
  values: StoredSettings;
  /** Grows at every change, so getEnv() knows when to read the settings again. */
  version: number;
}

// On globalThis: the server entry and the Remix build each bundle their own copy of this module,
// and both must see the values the app loaded.
const holder = globalThis as { __plumeStoredSettings?: Snapshot };

export function storedSettings(): Snapshot {
  return (holder.__plumeStoredSettings ??= { values: {}, version: 0 });
}

/** Replaces the snapshot; unchanged values keep the version (no needless re-parse of the environment). */
export function setStoredSettings(values: StoredSettings): void {
  const current = storedSettings();
  const clean = Object.fromEntries(
    Object.entries(values).filter(([key, value]) => isStoredSettingKey(key) && value !== undefined && value !== ""),
  ) as StoredSettings;
  if (JSON.stringify(clean) === JSON.stringify(current.values)) return;
  holder.__plumeStoredSettings = { values: clean, version: current.version + 1 };
}

/** The variables the app runs with: the environment, and the stored values where it sets nothing. */
export function effectiveSource(source: NodeJS.ProcessEnv, values: StoredSettings): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...source };
  for (const key of STORED_SETTING_KEYS) {
    const value = values[key];
    if (value !== undefined && !setByEnvironment(key, source)) merged[key] = value;
  }
  return merged;
}
