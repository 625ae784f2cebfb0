-- AlterTable
ALTER TABLE "Channel" ADD COLUMN     "needsReconnectCount" INTEGER NOT NULL DEFAULT 0;

-- AlterTable
ALTER TABLE "Post" ADD COLUMN     "failures" INTEGER NOT NULL DEFAULT 0;

