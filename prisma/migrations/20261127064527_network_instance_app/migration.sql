-- AlterTable
ALTER TABLE "OAuthState" ADD COLUMN "instance" TEXT;

-- CreateTable
CREATE TABLE "NetworkInstanceApp" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "network" TEXT NOT NULL,
    "instance" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEnc" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "limitsJson" TEXT,
    "limitsFetchedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "NetworkInstanceApp_network_instance_redirectUri_key" ON "NetworkInstanceApp"("network", "instance", "redirectUri");

