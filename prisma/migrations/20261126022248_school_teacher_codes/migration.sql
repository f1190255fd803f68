-- AlterTable
ALTER TABLE "School" ADD COLUMN     "teacherCodeHash" TEXT,
ADD COLUMN     "teacherCodeRotatedAt" TIMESTAMP(3),
ADD COLUMN     "teacherCodeRotatedBy" TEXT;
