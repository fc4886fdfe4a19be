-- Signed-in sessions (#48): the device and address a session was signed in from, for the account's session list.
ALTER TABLE "sessions" ADD COLUMN "user_agent" TEXT;
ALTER TABLE "sessions" ADD COLUMN "ip_address" TEXT;
