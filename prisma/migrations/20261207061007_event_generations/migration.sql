-- Numbers for the webhook events written with a post's failure and a channel's loss
-- (docs/decisions/0079). Added in place: no table is rebuilt.
ALTER TABLE "Post" ADD COLUMN "failures" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Channel" ADD COLUMN "needsReconnectCount" INTEGER NOT NULL DEFAULT 0;
