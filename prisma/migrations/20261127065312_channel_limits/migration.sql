-- AlterTable
ALTER TABLE "Channel" ADD COLUMN "limitsJson" TEXT;

