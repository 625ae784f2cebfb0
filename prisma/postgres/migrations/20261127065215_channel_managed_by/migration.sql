-- AlterTable
ALTER TABLE "Channel" ADD COLUMN     "managedBy" TEXT;

