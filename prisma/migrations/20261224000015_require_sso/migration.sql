-- #35: an organization may require single sign-on of its members
ALTER TABLE "organizations" ADD COLUMN "require_sso" BOOLEAN NOT NULL DEFAULT false;
