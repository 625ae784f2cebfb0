import { logger } from "~/core/logger/logger.server";
import { getDb } from "./db.server";

export async function checkDatabase(): Promise<boolean> {
  try {
    await getDb().$queryRawUnsafe("SELECT 1");
    return true;
  } catch (error) {
    logger.error({ err: error }, "Health check: the database does not answer");
    return false;
  }
}
