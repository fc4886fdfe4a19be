-- #63: OAuth 2.1 for the MCP server. Clients registered dynamically (public, PKCE), a person's grant of one client
-- for one organization (its principal an api_tokens row), single-use authorization codes and the grants' access and
-- refresh tokens, each kept as its sha256 only.
CREATE TABLE "oauth_clients" (
  "id" TEXT NOT NULL,
  "name" TEXT NOT NULL,
  "redirect_uris" TEXT[],
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "oauth_clients_pkey" PRIMARY KEY ("id")
);

CREATE TABLE "oauth_grants" (
  "id" TEXT NOT NULL DEFAULT (gen_random_uuid())::text,
  "client_id" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "org_id" TEXT NOT NULL,
  "api_token_id" TEXT NOT NULL,
  "scopes" TEXT[],
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "revoked_at" TIMESTAMPTZ(3),
  CONSTRAINT "oauth_grants_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "oauth_grants_client_id_fkey" FOREIGN KEY ("client_id") REFERENCES "oauth_clients"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "oauth_grants_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "oauth_grants_org_id_fkey" FOREIGN KEY ("org_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE,
  CONSTRAINT "oauth_grants_api_token_id_fkey" FOREIGN KEY ("api_token_id") REFERENCES "api_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "oauth_grants_api_token_id_key" ON "oauth_grants"("api_token_id");
CREATE INDEX "oauth_grants_user_id_created_at_idx" ON "oauth_grants"("user_id", "created_at");
CREATE INDEX "oauth_grants_org_id_idx" ON "oauth_grants"("org_id");

CREATE TABLE "oauth_codes" (
  "code_hash" TEXT NOT NULL,
  "client_id" TEXT NOT NULL,
  "user_id" TEXT NOT NULL,
  "org_id" TEXT NOT NULL,
  "scopes" TEXT[],
  "redirect_uri" TEXT NOT NULL,
  "code_challenge" TEXT NOT NULL,
  "resource" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  "grant_id" TEXT,
  CONSTRAINT "oauth_codes_pkey" PRIMARY KEY ("code_hash")
);
CREATE INDEX "oauth_codes_expires_at_idx" ON "oauth_codes"("expires_at");

CREATE TABLE "oauth_tokens" (
  "token_hash" TEXT NOT NULL,
  "grant_id" TEXT NOT NULL,
  "kind" TEXT NOT NULL,
  "expires_at" TIMESTAMPTZ(3) NOT NULL,
  "used_at" TIMESTAMPTZ(3),
  CONSTRAINT "oauth_tokens_pkey" PRIMARY KEY ("token_hash"),
  CONSTRAINT "oauth_tokens_grant_id_fkey" FOREIGN KEY ("grant_id") REFERENCES "oauth_grants"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "oauth_tokens_grant_id_idx" ON "oauth_tokens"("grant_id");
CREATE INDEX "oauth_tokens_expires_at_idx" ON "oauth_tokens"("expires_at");
