// `npm run backup [-- --out DIR|FILE] [--keep N]`: one archive of the SQLite database (a consistent
// copy taken while the server runs), the app secret and the uploads (docs/decisions/0060-backups.md).
// Run it with the server's environment (DATA_DIR, DATABASE_URL, APP_SECRET, MEDIA_STORAGE).
import { parseArgs } from "node:util";
import { createBackup } from "~/modules/backup/create.server";
import { BackupRefused } from "~/modules/backup/format";
import { locateData } from "~/modules/backup/locate.server";

const USAGE = "Usage: npm run backup [-- --out DIR|FILE.tar.gz] [--keep N]";

async function main(): Promise<number> {
  let values: { out?: string; keep?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ options: { out: { type: "string" }, keep: { type: "string" }, help: { type: "boolean" } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const keep = values.keep === undefined ? undefined : /^\d+$/.test(values.keep) ? Number(values.keep) : NaN;
  const result = await createBackup(locateData(), { out: values.out, keep });
  const { database, media } = result.manifest;
  const counts = Object.entries(database.counts)
    .map(([name, count]) => `${count} ${name}`)
    .join(", ");
  console.log(`Backup written: ${result.file} (${(result.bytes / 1_048_576).toFixed(1)} MB)`);
  console.log(`  database at migration ${database.migration}: ${counts}`);
  console.log(media.storage === "s3" ? `  media: in the S3 bucket ${media.bucket} (not in the archive)` : `  uploads: ${media.files} files`);
  console.log("  It holds the app secret: keep it as private as the accounts' tokens themselves.");
  for (const file of result.pruned) console.log(`  removed an older backup: ${file}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof BackupRefused ? `Backup refused: ${error.message}` : error);
    process.exit(1);
  },
);
