// `npm run media:to-s3 [-- --dry-run] [-- --delete-local]`: copies the uploads kept in DATA_DIR/uploads
// to the bucket MEDIA_STORAGE=s3 names (docs/decisions/0059-media-on-s3.md). Run it again after any
// failure: it copies only what is missing. In the Docker image: `node build/server/media-to-s3.js`.
import { EnvError, parseEnv, prepareEnvironment } from "../app/core/env/env.server";

const USAGE = `Usage: npm run media:to-s3 -- [--dry-run] [--delete-local]
  --dry-run       say what would be copied; copy and remove nothing
  --delete-local  remove each local file once its copy in the bucket is checked`;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !["--dry-run", "--delete-local", "--help"].includes(a));
  if (unknown.length > 0 || args.includes("--help")) {
    console.error(unknown.length > 0 ? `Unknown option: ${unknown.join(" ")}\n${USAGE}` : USAGE);
    return unknown.length > 0 ? 2 : 0;
  }
  prepareEnvironment();
  parseEnv();
  const { moveLocalMediaToS3, describeSummary, MoveRefused } = await import("../app/modules/media/move-to-s3.server");
  try {
    const summary = await moveLocalMediaToS3({
      dryRun: args.includes("--dry-run"),
      deleteLocal: args.includes("--delete-local"),
      onFile: (key, outcome) => console.log(`${outcome.padEnd(13)} ${key}`),
    });
    console.log(`\n${describeSummary(summary)}`);
    return summary.failed.length > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof MoveRefused) {
      console.error(`Refused: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof EnvError ? `\n${error.message}\n` : error);
    process.exit(1);
  },
);
