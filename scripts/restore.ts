// `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back into DATA_DIR, on
// a stopped server (docs/decisions/0060-backups.md). Refuses, changing nothing, an archive that is
// not a whole Plume backup, one from a newer Plume, a database in use, or a DATA_DIR that already
// holds data (unless --force: that data is then moved aside, never deleted).
import { parseArgs } from "node:util";
import { BackupRefused } from "~/modules/backup/format";
import { locateData } from "~/modules/backup/locate.server";
import { restoreBackup } from "~/modules/backup/restore.server";
import { migrationsDir, readMigrations } from "~/modules/db/migrate.server";

const USAGE = "Usage: npm run restore -- FILE.tar.gz [--force]";

async function main(): Promise<number> {
  let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({ options: { force: { type: "boolean" }, help: { type: "boolean" } }, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 1) {
    (values.help ? console.log : console.error)(USAGE);
    return values.help ? 0 : 2;
  }
  const location = locateData();
  const knownMigrations = readMigrations(migrationsDir(location.databaseUrl)).map((migration) => migration.name);
  const result = await restoreBackup(location, positionals[0]!, { force: values.force, knownMigrations });
  const { manifest } = result;
  console.log(`Restored the backup of ${manifest.createdAt} (Plume ${manifest.appVersion}) into ${location.dataDir}.`);
  console.log(`  database at migration ${manifest.database.migration}: later migrations apply when the server starts.`);
  if (manifest.media.storage === "s3")
    console.log(`  media: this backup's media are in the S3 bucket ${manifest.media.bucket} (${manifest.media.endpoint}), not in the archive.`);
  if (result.movedAside) console.log(`  the data that was there is in ${result.movedAside}`);
  if (result.secretDiffers) {
    console.log(
      "  APP_SECRET in this environment is not the backup's: set APP_SECRET to the value now in DATA_DIR/app-secret, or the connected accounts' tokens cannot be read.",
    );
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupRefused ? `Restore refused: ${error.message}` : error);
    process.exit(1);
  },
);
