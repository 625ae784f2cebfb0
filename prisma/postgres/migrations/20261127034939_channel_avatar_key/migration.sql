-- A channel's avatar copied into the app (docs/decisions/0053): its storage key under DATA_DIR/uploads; null = initials.
-- AlterTable
ALTER TABLE "Channel" ADD COLUMN     "avatarKey" TEXT;

