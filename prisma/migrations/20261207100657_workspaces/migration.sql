-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL DEFAULT '',
    "personalOfId" TEXT,
    "approvalRequired" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Workspace_personalOfId_fkey" FOREIGN KEY ("personalOfId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "WorkspaceMember" (
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "joinedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("workspaceId", "userId"),
    CONSTRAINT "WorkspaceMember_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "WorkspaceMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Every user's personal workspace has the user's id, with the user as its owner (docs/decisions/0082).
INSERT INTO "Workspace" ("id", "name", "personalOfId", "approvalRequired", "createdAt", "updatedAt")
SELECT "id", '', "id", false, "createdAt", "createdAt" FROM "User";
INSERT INTO "WorkspaceMember" ("workspaceId", "userId", "role", "joinedAt")
SELECT "id", "id", 'owner', "createdAt" FROM "User";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_ApiToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME,
    "lastUsedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ApiToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "ApiToken_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_ApiToken" ("createdAt", "expiresAt", "id", "lastUsedAt", "name", "prefix", "scopes", "tokenHash", "userId", "workspaceId") SELECT "createdAt", "expiresAt", "id", "lastUsedAt", "name", "prefix", "scopes", "tokenHash", "userId", "userId" FROM "ApiToken";
DROP TABLE "ApiToken";
ALTER TABLE "new_ApiToken" RENAME TO "ApiToken";
CREATE UNIQUE INDEX "ApiToken_tokenHash_key" ON "ApiToken"("tokenHash");
CREATE INDEX "ApiToken_workspaceId_idx" ON "ApiToken"("workspaceId");
CREATE INDEX "ApiToken_userId_idx" ON "ApiToken"("userId");
CREATE TABLE "new_Channel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "kind" TEXT NOT NULL DEFAULT 'account',
    "providerUserId" TEXT NOT NULL,
    "instance" TEXT,
    "limitsJson" TEXT,
    "managedBy" TEXT,
    "displayName" TEXT NOT NULL DEFAULT '',
    "handle" TEXT,
    "avatarUrl" TEXT,
    "avatarKey" TEXT,
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
    "needsReconnectCount" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Channel_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Channel_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Channel" ("accessTokenEnc", "avatarKey", "avatarUrl", "connectedAt", "createdAt", "displayName", "expiresAt", "handle", "id", "instance", "kind", "lastError", "limitsJson", "managedBy", "needsReconnectCount", "network", "providerUserId", "refreshExpiresAt", "refreshLeaseUntil", "refreshTokenEnc", "scopes", "status", "updatedAt", "userId", "workspaceId") SELECT "accessTokenEnc", "avatarKey", "avatarUrl", "connectedAt", "createdAt", "displayName", "expiresAt", "handle", "id", "instance", "kind", "lastError", "limitsJson", "managedBy", "needsReconnectCount", "network", "providerUserId", "refreshExpiresAt", "refreshLeaseUntil", "refreshTokenEnc", "scopes", "status", "updatedAt", "userId", "userId" FROM "Channel";
DROP TABLE "Channel";
ALTER TABLE "new_Channel" RENAME TO "Channel";
CREATE INDEX "Channel_workspaceId_idx" ON "Channel"("workspaceId");
CREATE UNIQUE INDEX "Channel_userId_network_providerUserId_key" ON "Channel"("userId", "network", "providerUserId");
CREATE TABLE "new_Post" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "platforms" TEXT NOT NULL DEFAULT '',
    "linkedinText" TEXT NOT NULL DEFAULT '',
    "twitterText" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL DEFAULT 'manual',
    "aiPrompt" TEXT,
    "aiEmojis" BOOLEAN NOT NULL DEFAULT false,
    "aiHashtags" BOOLEAN NOT NULL DEFAULT false,
    "composeStep" TEXT,
    "scheduledAt" DATETIME,
    "publishedAt" DATETIME,
    "errorCode" TEXT,
    "errorMessage" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    CONSTRAINT "Post_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Post_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Post" ("aiEmojis", "aiHashtags", "aiPrompt", "composeStep", "createdAt", "errorCode", "errorMessage", "failures", "id", "linkedinText", "platforms", "publishedAt", "scheduledAt", "source", "status", "twitterText", "updatedAt", "userId", "workspaceId") SELECT "aiEmojis", "aiHashtags", "aiPrompt", "composeStep", "createdAt", "errorCode", "errorMessage", "failures", "id", "linkedinText", "platforms", "publishedAt", "scheduledAt", "source", "status", "twitterText", "updatedAt", "userId", "userId" FROM "Post";
DROP TABLE "Post";
ALTER TABLE "new_Post" RENAME TO "Post";
CREATE INDEX "Post_workspaceId_idx" ON "Post"("workspaceId");
CREATE INDEX "Post_userId_createdAt_idx" ON "Post"("userId", "createdAt");
CREATE INDEX "Post_userId_status_createdAt_idx" ON "Post"("userId", "status", "createdAt");
CREATE INDEX "Post_userId_scheduledAt_idx" ON "Post"("userId", "scheduledAt");
CREATE TABLE "new_QueueSlot" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "channelId" TEXT,
    "weekday" INTEGER NOT NULL,
    "time" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "QueueSlot_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "QueueSlot_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "QueueSlot_channelId_fkey" FOREIGN KEY ("channelId") REFERENCES "Channel" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_QueueSlot" ("channelId", "createdAt", "id", "time", "userId", "weekday", "workspaceId") SELECT "channelId", "createdAt", "id", "time", "userId", "weekday", "userId" FROM "QueueSlot";
DROP TABLE "QueueSlot";
ALTER TABLE "new_QueueSlot" RENAME TO "QueueSlot";
CREATE INDEX "QueueSlot_workspaceId_idx" ON "QueueSlot"("workspaceId");
CREATE INDEX "QueueSlot_userId_idx" ON "QueueSlot"("userId");
CREATE INDEX "QueueSlot_channelId_idx" ON "QueueSlot"("channelId");
CREATE TABLE "new_Webhook" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "secretEnc" TEXT NOT NULL,
    "lastStatus" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Webhook_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Webhook_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_Webhook" ("createdAt", "events", "id", "lastStatus", "secretEnc", "url", "userId", "workspaceId") SELECT "createdAt", "events", "id", "lastStatus", "secretEnc", "url", "userId", "userId" FROM "Webhook";
DROP TABLE "Webhook";
ALTER TABLE "new_Webhook" RENAME TO "Webhook";
CREATE INDEX "Webhook_workspaceId_idx" ON "Webhook"("workspaceId");
CREATE INDEX "Webhook_userId_idx" ON "Webhook"("userId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_personalOfId_key" ON "Workspace"("personalOfId");

-- CreateIndex
CREATE INDEX "WorkspaceMember_userId_idx" ON "WorkspaceMember"("userId");


-- A user row, however it is made (sign-up, first-run setup, scripts, tests), comes with its
-- personal workspace and its owner's membership.
CREATE TRIGGER "User_personal_workspace" AFTER INSERT ON "User"
BEGIN
  INSERT INTO "Workspace" ("id", "name", "personalOfId", "approvalRequired", "createdAt", "updatedAt")
  VALUES (NEW."id", '', NEW."id", false, NEW."createdAt", NEW."createdAt");
  INSERT INTO "WorkspaceMember" ("workspaceId", "userId", "role", "joinedAt")
  VALUES (NEW."id", NEW."id", 'owner', NEW."createdAt");
END;
