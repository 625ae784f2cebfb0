-- AlterTable
ALTER TABLE "User" ADD COLUMN     "promotedAdmin" BOOLEAN NOT NULL DEFAULT false;

