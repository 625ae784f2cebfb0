import path from "node:path";
import { sqliteFilePath } from "~/modules/db/urls";
import { logger } from "~/core/logger/logger.server";
import { makePrivateDir, tighten } from "./private-files.server";
import { removeStrandedTemporaryFiles } from "./temporary-files.server";

/** The folders under DATA_DIR that Plume writes. */
export const DATA_FOLDERS = ["mail", "uploads", "image-cache"];

/**
 * Run at every start, before anything is served: DATA_DIR and what Plume keeps in it made private
 * (700/600, also what an earlier version left open), and the temporary files of interrupted
 * writes removed. What cannot be changed (another owner) is said in the log, not a failure.
 */
export async function prepareDataDir(dataDir: string, databaseUrl: string) {
  await makePrivateDir(dataDir);
  const database = sqliteFilePath(databaseUrl);
  const files = [path.join(dataDir, "app-secret"), ...(database ? ["", "-wal", "-shm", "-journal"].map((suffix) => database + suffix) : [])];
  const top = await tighten([dataDir], { recursive: false });
  const inside = await tighten([...DATA_FOLDERS.map((name) => path.join(dataDir, name)), ...files]);
  const tightened = top.tightened + inside.tightened;
  const refused = [...top.refused, ...inside.refused];
  if (tightened > 0) logger.info({ dataDir, tightened }, "Made the data directory private (folders 700, files 600)");
  if (refused.length > 0)
    logger.warn({ dataDir, refused: refused.slice(0, 20), count: refused.length }, "Could not make these data files private (not their owner)");
  const removed = await removeStrandedTemporaryFiles(["uploads", "image-cache"].map((name) => path.join(dataDir, name)));
  if (removed.length > 0) logger.info({ removed: removed.length }, "Removed temporary files left by interrupted writes");
  return { tightened, refused, removed };
}
