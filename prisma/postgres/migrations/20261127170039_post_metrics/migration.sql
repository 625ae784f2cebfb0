-- AlterTable
ALTER TABLE "PostPart" ADD COLUMN     "impressions" INTEGER,
ADD COLUMN     "likes" INTEGER,
ADD COLUMN     "metricsFetchedAt" TIMESTAMP(3),
ADD COLUMN     "quotes" INTEGER,
ADD COLUMN     "replies" INTEGER,
ADD COLUMN     "reposts" INTEGER;

-- AlterTable
ALTER TABLE "PostTarget" ADD COLUMN     "metricsAttempts" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "metricsDueAt" TIMESTAMP(3),
ADD COLUMN     "metricsErrorAt" TIMESTAMP(3),
ADD COLUMN     "metricsErrorCode" TEXT,
ADD COLUMN     "metricsLeaseOwner" TEXT,
ADD COLUMN     "metricsLeaseUntil" TIMESTAMP(3),
ADD COLUMN     "metricsRefreshedAt" TIMESTAMP(3),
ADD COLUMN     "metricsRound" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "PostTarget_metricsDueAt_idx" ON "PostTarget"("metricsDueAt");

