-- DropIndex
DROP INDEX "Post_workspaceId_idx";

-- CreateIndex
CREATE INDEX "Post_workspaceId_createdAt_idx" ON "Post"("workspaceId", "createdAt");

-- CreateIndex
CREATE INDEX "Post_workspaceId_status_createdAt_idx" ON "Post"("workspaceId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Post_workspaceId_scheduledAt_idx" ON "Post"("workspaceId", "scheduledAt");

