-- Version 2 (docs/decisions/0047): connections become channels, and each post gets targets (one per
-- channel) with ordered parts. Existing data moves without loss (see the SQLite migration's notes).

-- Channels: the connections' table, renamed, with the new columns.
ALTER TABLE "Connection" RENAME TO "Channel";
ALTER TABLE "Channel" RENAME COLUMN "provider" TO "network";
ALTER TABLE "Channel" RENAME CONSTRAINT "Connection_pkey" TO "Channel_pkey";
ALTER TABLE "Channel" RENAME CONSTRAINT "Connection_userId_fkey" TO "Channel_userId_fkey";
ALTER TABLE "Channel" ADD COLUMN "kind" TEXT NOT NULL DEFAULT 'account';
ALTER TABLE "Channel" ADD COLUMN "instance" TEXT;
UPDATE "Channel" SET "kind" = 'member' WHERE "network" = 'linkedin';
DROP INDEX "Connection_userId_provider_key";
CREATE UNIQUE INDEX "Channel_userId_network_providerUserId_key" ON "Channel"("userId", "network", "providerUserId");

-- Targets and parts.
CREATE TABLE "PostTarget" (
    "id" TEXT NOT NULL,
    "postId" TEXT NOT NULL,
    "channelId" TEXT,
    "network" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PostTarget_pkey" PRIMARY KEY ("id")
);
CREATE TABLE "PostPart" (
    "id" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "mediaIds" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "externalId" TEXT,
    "url" TEXT,
    "errorCode" TEXT,
    "lastError" TEXT,
    "sentAt" TIMESTAMP(3),
    "publishedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PostPart_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "PostTarget_channelId_idx" ON "PostTarget"("channelId");
CREATE UNIQUE INDEX "PostTarget_postId_position_key" ON "PostTarget"("postId", "position");
CREATE UNIQUE INDEX "PostPart_targetId_position_key" ON "PostPart"("targetId", "position");
ALTER TABLE "PostTarget" ADD CONSTRAINT "PostTarget_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "PostTarget" ADD CONSTRAINT "PostTarget_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "PostPart" ADD CONSTRAINT "PostPart_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "PostTarget"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- LinkedIn first (position 1), then X (position 2), as the platforms were always ordered.
INSERT INTO "PostTarget" ("id", "postId", "channelId", "network", "position", "createdAt", "updatedAt")
SELECT 'v2t' || p."id" || n."suffix", p."id",
       (SELECT c."id" FROM "Channel" c WHERE c."userId" = p."userId" AND c."network" = n."network" LIMIT 1),
       n."network", n."position", p."createdAt", p."updatedAt"
FROM "Post" p
JOIN (SELECT 'linkedin' AS "network", 1 AS "position", 'l' AS "suffix" UNION ALL SELECT 'twitter', 2, 'x') n
  ON (',' || p."platforms" || ',') LIKE ('%,' || n."network" || ',%')
  OR EXISTS (SELECT 1 FROM "Delivery" d WHERE d."postId" = p."id" AND d."platform" = n."network");

INSERT INTO "PostPart" ("id", "targetId", "position", "text", "status", "externalId", "url", "errorCode", "lastError", "sentAt", "publishedAt", "createdAt", "updatedAt")
SELECT t."id" || '1', t."id", 1,
       CASE t."network" WHEN 'linkedin' THEN p."linkedinText" ELSE p."twitterText" END,
       CASE d."status" WHEN 'published' THEN 'published' WHEN 'failed' THEN 'failed' ELSE 'pending' END,
       d."externalId", d."url", d."errorCode", d."lastError", d."sentAt", d."publishedAt", t."createdAt", COALESCE(d."updatedAt", t."updatedAt")
FROM "PostTarget" t
JOIN "Post" p ON p."id" = t."postId"
LEFT JOIN "Delivery" d ON d."postId" = t."postId" AND d."platform" = t."network";

-- Each delivery now belongs to its target.
ALTER TABLE "Delivery" ADD COLUMN "targetId" TEXT;
UPDATE "Delivery" d SET "targetId" = t."id" FROM "PostTarget" t WHERE t."postId" = d."postId" AND t."network" = d."platform";
ALTER TABLE "Delivery" ALTER COLUMN "targetId" SET NOT NULL;
DROP INDEX "Delivery_postId_platform_key";
CREATE UNIQUE INDEX "Delivery_targetId_key" ON "Delivery"("targetId");
CREATE INDEX "Delivery_postId_idx" ON "Delivery"("postId");
ALTER TABLE "Delivery" ADD CONSTRAINT "Delivery_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "PostTarget"("id") ON DELETE CASCADE ON UPDATE CASCADE;
