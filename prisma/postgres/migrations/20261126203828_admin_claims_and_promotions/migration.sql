-- AlterTable
ALTER TABLE "User" ADD COLUMN     "passwordSetByMailAt" TIMESTAMP(3),
ADD COLUMN     "promotedAt" TIMESTAMP(3),
ADD COLUMN     "promotedById" TEXT;

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_promotedById_fkey" FOREIGN KEY ("promotedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

