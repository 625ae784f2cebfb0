-- Version 2 (docs/decisions/0047): connections become channels, and each post gets targets (one per
-- channel) with ordered parts. Existing data moves without loss: each connection keeps its id as its
-- channel's; each network a post names (or has a delivery for) becomes a target on that user's
-- channel of the network, holding one part with the network's text and the delivery's outcome.

-- Channels, from connections (ids kept).
CREATE TABLE "Channel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'account',
    "providerUserId" TEXT NOT NULL,
    "instance" TEXT,
    "displayName" TEXT NOT NULL DEFAULT '',
    "handle" TEXT,
    "avatarUrl" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "scopes" TEXT NOT NULL DEFAULT '',
    "accessTokenEnc" TEXT,
    "refreshTokenEnc" TEXT,
    "expiresAt" DATETIME,
    "refreshExpiresAt" DATETIME,
    "refreshLeaseUntil" DATETIME,
    "lastError" TEXT,
    "connectedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Channel_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "Channel" ("id", "userId", "network", "kind", "providerUserId", "displayName", "handle", "avatarUrl", "status", "scopes",
    "accessTokenEnc", "refreshTokenEnc", "expiresAt", "refreshExpiresAt", "refreshLeaseUntil", "lastError", "connectedAt", "createdAt", "updatedAt")
SELECT "id", "userId", "provider", CASE "provider" WHEN 'linkedin' THEN 'member' ELSE 'account' END, "providerUserId", "displayName", "handle",
    "avatarUrl", "status", "scopes", "accessTokenEnc", "refreshTokenEnc", "expiresAt", "refreshExpiresAt", "refreshLeaseUntil", "lastError",
    "connectedAt", "createdAt", "updatedAt"
FROM "Connection";
CREATE UNIQUE INDEX "Channel_userId_network_providerUserId_key" ON "Channel"("userId", "network", "providerUserId");
DROP INDEX "Connection_userId_provider_key";
PRAGMA foreign_keys=off;
DROP TABLE "Connection";
PRAGMA foreign_keys=on;

-- Targets and parts.
CREATE TABLE "PostTarget" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "postId" TEXT NOT NULL,
    "channelId" TEXT,
    "network" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PostTarget_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "PostTarget_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
CREATE TABLE "PostPart" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "targetId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "text" TEXT NOT NULL DEFAULT '',
    "mediaIds" TEXT NOT NULL DEFAULT '',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "externalId" TEXT,
    "url" TEXT,
    "errorCode" TEXT,
    "lastError" TEXT,
    "sentAt" DATETIME,
    "publishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "PostPart_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "PostTarget" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "PostTarget_channelId_idx" ON "PostTarget"("channelId");
CREATE UNIQUE INDEX "PostTarget_postId_position_key" ON "PostTarget"("postId", "position");
CREATE UNIQUE INDEX "PostPart_targetId_position_key" ON "PostPart"("targetId", "position");

-- LinkedIn first (position 1), then X (position 2), as the platforms were always ordered.
INSERT INTO "PostTarget" ("id", "postId", "channelId", "network", "position", "createdAt", "updatedAt")
SELECT 'v2t' || p."id" || n."suffix", p."id",
       (SELECT c."id" FROM "Channel" c WHERE c."userId" = p."userId" AND c."network" = n."network"),
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
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Delivery" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "postId" TEXT NOT NULL,
    "targetId" TEXT NOT NULL,
    "platform" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "externalId" TEXT,
    "url" TEXT,
    "errorCode" TEXT,
    "lastError" TEXT,
    "nextAttemptAt" DATETIME,
    "leaseOwner" TEXT,
    "leaseUntil" DATETIME,
    "sentAt" DATETIME,
    "publishedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Delivery_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Delivery_targetId_fkey" FOREIGN KEY ("targetId") REFERENCES "PostTarget" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Delivery" ("attempts", "createdAt", "errorCode", "externalId", "id", "lastError", "leaseOwner", "leaseUntil", "nextAttemptAt", "platform", "postId", "targetId", "publishedAt", "sentAt", "status", "updatedAt", "url")
SELECT d."attempts", d."createdAt", d."errorCode", d."externalId", d."id", d."lastError", d."leaseOwner", d."leaseUntil", d."nextAttemptAt", d."platform", d."postId", t."id", d."publishedAt", d."sentAt", d."status", d."updatedAt", d."url"
FROM "Delivery" d JOIN "PostTarget" t ON t."postId" = d."postId" AND t."network" = d."platform";
DROP TABLE "Delivery";
ALTER TABLE "new_Delivery" RENAME TO "Delivery";
CREATE UNIQUE INDEX "Delivery_targetId_key" ON "Delivery"("targetId");
CREATE INDEX "Delivery_postId_idx" ON "Delivery"("postId");
CREATE INDEX "Delivery_status_nextAttemptAt_idx" ON "Delivery"("status", "nextAttemptAt");
CREATE INDEX "Delivery_status_leaseUntil_idx" ON "Delivery"("status", "leaseUntil");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
