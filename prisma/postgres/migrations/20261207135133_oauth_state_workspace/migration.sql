-- AlterTable
ALTER TABLE "OAuthState" ADD COLUMN     "workspaceId" TEXT;

