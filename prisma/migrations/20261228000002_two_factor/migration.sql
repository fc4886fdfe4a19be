-- #48: second factors (an authenticator app, security keys and passkeys, one-time recovery codes), the sign-in that
-- waits for one, and an organization's requirement that its members have one.
ALTER TABLE "organizations" ADD COLUMN "require_two_factor" BOOLEAN NOT NULL DEFAULT false;

CREATE TABLE "totp_factors" (
  "user_id" TEXT NOT NULL,
  "secret" TEXT NOT NULL,
  "confirmed_at" TIMESTAMPTZ(3),
  "last_time_step" BIGINT,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "totp_factors_pkey" PRIMARY KEY ("user_id"),
  CONSTRAINT "totp_factors_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "webauthn_credentials" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "user_id" TEXT NOT NULL,
  "credential_id" TEXT NOT NULL,
  "public_key" BYTEA NOT NULL,
  "counter" BIGINT NOT NULL DEFAULT 0,
  "transports" TEXT[],
  "name" TEXT NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "last_used_at" TIMESTAMPTZ(3),
  CONSTRAINT "webauthn_credentials_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "webauthn_credentials_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "webauthn_credentials_credential_id_key" ON "webauthn_credentials"("credential_id");
CREATE INDEX "webauthn_credentials_user_id_idx" ON "webauthn_credentials"("user_id");

CREATE TABLE "webauthn_challenges" (
  "user_id" TEXT NOT NULL,
  "challenge" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  CONSTRAINT "webauthn_challenges_pkey" PRIMARY KEY ("user_id")
);

CREATE TABLE "recovery_codes" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "user_id" TEXT NOT NULL,
  "code_hash" TEXT NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "recovery_codes_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "recovery_codes_user_id_code_hash_key" ON "recovery_codes"("user_id", "code_hash");

CREATE TABLE "pending_sign_ins" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "token_hash" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "method" TEXT NOT NULL,
  "challenge" TEXT,
  "attempts" INTEGER NOT NULL DEFAULT 0,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "pending_sign_ins_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "pending_sign_ins_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "pending_sign_ins_token_hash_key" ON "pending_sign_ins"("token_hash");
CREATE INDEX "pending_sign_ins_user_id_idx" ON "pending_sign_ins"("user_id");
CREATE INDEX "pending_sign_ins_expires_at_idx" ON "pending_sign_ins"("expires_at");
