-- AlterTable
ALTER TABLE "PostPart" ADD COLUMN     "sendKey" TEXT;

