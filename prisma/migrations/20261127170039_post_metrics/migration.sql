-- AlterTable
ALTER TABLE "PostPart" ADD COLUMN "impressions" INTEGER;
ALTER TABLE "PostPart" ADD COLUMN "likes" INTEGER;
ALTER TABLE "PostPart" ADD COLUMN "metricsFetchedAt" DATETIME;
ALTER TABLE "PostPart" ADD COLUMN "quotes" INTEGER;
ALTER TABLE "PostPart" ADD COLUMN "replies" INTEGER;
ALTER TABLE "PostPart" ADD COLUMN "reposts" INTEGER;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PostTarget" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "postId" TEXT NOT NULL,
    "channelId" TEXT,
    "network" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "metricsDueAt" DATETIME,
    "metricsRound" INTEGER NOT NULL DEFAULT 0,
    "metricsLeaseOwner" TEXT,
    "metricsLeaseUntil" DATETIME,
    "metricsRefreshedAt" DATETIME,
    "metricsAttempts" INTEGER NOT NULL DEFAULT 0,
    "metricsErrorCode" TEXT,
    "metricsErrorAt" DATETIME,
    CONSTRAINT "PostTarget_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PostTarget_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_PostTarget" ("channelId", "createdAt", "id", "network", "position", "postId", "updatedAt") SELECT "channelId", "createdAt", "id", "network", "position", "postId", "updatedAt" FROM "PostTarget";
DROP TABLE "PostTarget";
ALTER TABLE "new_PostTarget" RENAME TO "PostTarget";
CREATE INDEX "PostTarget_channelId_idx" ON "PostTarget"("channelId");
CREATE INDEX "PostTarget_metricsDueAt_idx" ON "PostTarget"("metricsDueAt");
CREATE UNIQUE INDEX "PostTarget_postId_position_key" ON "PostTarget"("postId", "position");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

