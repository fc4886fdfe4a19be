-- Fixed-window counters for the auth throttles (login, passcodes, sign-up, password reset), shared by every instance.
CREATE TABLE "throttle_counters" (
    "key" TEXT NOT NULL,
    "count" INTEGER NOT NULL,
    "window_ends_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "throttle_counters_pkey" PRIMARY KEY ("key")
);
CREATE INDEX "throttle_counters_window_ends_at_idx" ON "throttle_counters"("window_ends_at");

-- Single-use password reset links: only the SHA-256 of the token is stored.
CREATE TABLE "password_resets" (
    "token_hash" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "password_resets_pkey" PRIMARY KEY ("token_hash")
);
CREATE INDEX "password_resets_user_id_idx" ON "password_resets"("user_id");
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
