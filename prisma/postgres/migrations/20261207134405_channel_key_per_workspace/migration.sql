-- DropIndex
DROP INDEX "Channel_userId_network_providerUserId_key";

-- DropIndex
DROP INDEX "Channel_workspaceId_idx";

-- CreateIndex
CREATE INDEX "Channel_userId_idx" ON "Channel"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Channel_workspaceId_network_providerUserId_key" ON "Channel"("workspaceId", "network", "providerUserId");

