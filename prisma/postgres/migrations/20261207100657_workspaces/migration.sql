-- CreateTable
CREATE TABLE "Workspace" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "personalOfId" TEXT,
    "approvalRequired" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Workspace_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkspaceMember" (
    "workspaceId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "joinedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkspaceMember_pkey" PRIMARY KEY ("workspaceId","userId")
);

-- Every user's personal workspace has the user's id, with the user as its owner (docs/decisions/0082).
INSERT INTO "Workspace" ("id", "name", "personalOfId", "approvalRequired", "createdAt", "updatedAt")
SELECT "id", '', "id", false, "createdAt", "createdAt" FROM "User";
INSERT INTO "WorkspaceMember" ("workspaceId", "userId", "role", "joinedAt")
SELECT "id", "id", 'owner', "createdAt" FROM "User";

-- What a user owned moves into their personal workspace.
ALTER TABLE "ApiToken" ADD COLUMN "workspaceId" TEXT;
UPDATE "ApiToken" SET "workspaceId" = "userId";
ALTER TABLE "ApiToken" ALTER COLUMN "workspaceId" SET NOT NULL;

ALTER TABLE "Channel" ADD COLUMN "workspaceId" TEXT;
UPDATE "Channel" SET "workspaceId" = "userId";
ALTER TABLE "Channel" ALTER COLUMN "workspaceId" SET NOT NULL;

ALTER TABLE "Post" ADD COLUMN "workspaceId" TEXT;
UPDATE "Post" SET "workspaceId" = "userId";
ALTER TABLE "Post" ALTER COLUMN "workspaceId" SET NOT NULL;

ALTER TABLE "QueueSlot" ADD COLUMN "workspaceId" TEXT;
UPDATE "QueueSlot" SET "workspaceId" = "userId";
ALTER TABLE "QueueSlot" ALTER COLUMN "workspaceId" SET NOT NULL;

ALTER TABLE "Webhook" ADD COLUMN "workspaceId" TEXT;
UPDATE "Webhook" SET "workspaceId" = "userId";
ALTER TABLE "Webhook" ALTER COLUMN "workspaceId" SET NOT NULL;

-- CreateIndex
CREATE UNIQUE INDEX "Workspace_personalOfId_key" ON "Workspace"("personalOfId");

-- CreateIndex
CREATE INDEX "WorkspaceMember_userId_idx" ON "WorkspaceMember"("userId");

-- CreateIndex
CREATE INDEX "ApiToken_workspaceId_idx" ON "ApiToken"("workspaceId");

-- CreateIndex
CREATE INDEX "Channel_workspaceId_idx" ON "Channel"("workspaceId");

-- CreateIndex
CREATE INDEX "Post_workspaceId_idx" ON "Post"("workspaceId");

-- CreateIndex
CREATE INDEX "QueueSlot_workspaceId_idx" ON "QueueSlot"("workspaceId");

-- CreateIndex
CREATE INDEX "Webhook_workspaceId_idx" ON "Webhook"("workspaceId");

-- AddForeignKey
ALTER TABLE "Workspace" ADD CONSTRAINT "Workspace_personalOfId_fkey" FOREIGN KEY ("personalOfId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkspaceMember" ADD CONSTRAINT "WorkspaceMember_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkspaceMember" ADD CONSTRAINT "WorkspaceMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiToken" ADD CONSTRAINT "ApiToken_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Post" ADD CONSTRAINT "Post_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Channel" ADD CONSTRAINT "Channel_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "QueueSlot" ADD CONSTRAINT "QueueSlot_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Webhook" ADD CONSTRAINT "Webhook_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A user row, however it is made (sign-up, first-run setup, scripts, tests), comes with its
-- personal workspace and its owner's membership.
CREATE FUNCTION "User_personal_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "Workspace" ("id", "name", "personalOfId", "approvalRequired", "createdAt", "updatedAt")
  VALUES (NEW."id", '', NEW."id", false, NEW."createdAt", NEW."createdAt");
  INSERT INTO "WorkspaceMember" ("workspaceId", "userId", "role", "joinedAt")
  VALUES (NEW."id", NEW."id", 'owner', NEW."createdAt");
  RETURN NEW;
END
$$;
CREATE TRIGGER "User_personal_workspace" AFTER INSERT ON "User" FOR EACH ROW EXECUTE FUNCTION "User_personal_workspace"();
