-- AlterTable: every event so far was its user's, and goes to their personal workspace (whose id is theirs).
ALTER TABLE "WebhookEvent" ADD COLUMN     "workspaceId" TEXT;
UPDATE "WebhookEvent" SET "workspaceId" = "userId";
ALTER TABLE "WebhookEvent" ALTER COLUMN "workspaceId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "WebhookEvent_workspaceId_idx" ON "WebhookEvent"("workspaceId");

-- AddForeignKey
ALTER TABLE "WebhookEvent" ADD CONSTRAINT "WebhookEvent_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

