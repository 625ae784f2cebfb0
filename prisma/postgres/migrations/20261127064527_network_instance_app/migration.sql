-- AlterTable
ALTER TABLE "OAuthState" ADD COLUMN     "instance" TEXT;

-- CreateTable
CREATE TABLE "NetworkInstanceApp" (
    "id" TEXT NOT NULL,
    "network" TEXT NOT NULL,
    "instance" TEXT NOT NULL,
    "redirectUri" TEXT NOT NULL,
    "clientId" TEXT NOT NULL,
    "clientSecretEnc" TEXT NOT NULL,
    "scopes" TEXT NOT NULL,
    "limitsJson" TEXT,
    "limitsFetchedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "NetworkInstanceApp_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "NetworkInstanceApp_network_instance_redirectUri_key" ON "NetworkInstanceApp"("network", "instance", "redirectUri");

