// #63: the token endpoint (RFC 6749 §4.1.3 and §6, OAuth 2.1). A code is used once, within a minute, by the client it
// was issued to, for the redirect URI and resource it was issued for, with the PKCE verifier of its challenge; a code
// that comes back ends the grant it made. A refresh token is used once: the answer carries the next one, and an old
// one that comes back ends the whole grant (its family), as a stolen copy would be in use.
import crypto from 'node:crypto';
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { sha256 } from '@/lib/auth/tokens';
import { tokenRequestSchema, type TokenRequest } from '@/lib/zod/oauth';
import { clientOf } from './clients';
import { mcpResource, REFRESH_TOKEN_PREFIX } from './config';
import { refuse } from './errors';
import { createGrant, endGrant, issueTokens, type TokenPair } from './grants';

const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

export async function tokenRequest(raw: Record<string, unknown>): Promise<TokenPair> {
  const parsed = tokenRequestSchema.safeParse(raw);
  if (!parsed.success) throw refuse('invalid_request', `${String(parsed.error.issues[0].path[0])} is too long`);
  const req = parsed.data;
  if (!req.grant_type) throw refuse('invalid_request', 'grant_type is required');
  if (req.grant_type !== 'authorization_code' && req.grant_type !== 'refresh_token')
    throw refuse('unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  const client = await clientOf(req.client_id);
  if (req.resource !== undefined && req.resource !== mcpResource())
    throw refuse('invalid_target', `resource must be ${mcpResource()}`);
  return req.grant_type === 'authorization_code' ? exchangeCode(client.id, req) : refresh(client.id, req);
}

async function exchangeCode(clientId: string, req: TokenRequest): Promise<TokenPair> {
  if (!req.code) throw refuse('invalid_request', 'code is required');
  if (!req.code_verifier) throw refuse('invalid_request', 'code_verifier is required (PKCE)');
  if (!VERIFIER.test(req.code_verifier))
    throw refuse('invalid_request', 'code_verifier must be 43 to 128 unreserved characters');
  const codeHash = sha256(req.code);
  const code = await db.oAuthCode.findUnique({ where: { codeHash } });
  if (!code || code.clientId !== clientId) throw refuse('invalid_grant', 'The authorization code is invalid');
  if (code.usedAt) {
    if (code.grantId) await db.$transaction((tx) => endGrant(tx, code.grantId!, 'code_reused'));
    throw refuse('invalid_grant', 'The authorization code was already used: the tokens issued for it are revoked');
  }
  if (code.expiresAt <= clock.now()) throw refuse('invalid_grant', 'The authorization code expired');
  if (req.redirect_uri !== code.redirectUri)
    throw refuse('invalid_grant', 'redirect_uri differs from the one the code was issued for');
  const challenge = crypto.createHash('sha256').update(req.code_verifier).digest('base64url');
  if (challenge !== code.codeChallenge)
    throw refuse('invalid_grant', 'code_verifier does not match the code_challenge');
  if (req.resource !== undefined && req.resource !== code.resource)
    throw refuse('invalid_target', 'resource differs from the one the code was issued for');
  return db.$transaction(async (tx) => {
    // Used once: of two exchanges racing, one claims the code and the other is a reuse.
    const claimed = await tx.oAuthCode.updateMany({ where: { codeHash, usedAt: null }, data: { usedAt: clock.now() } });
    if (claimed.count === 0) throw refuse('invalid_grant', 'The authorization code was already used');
    const grant = await createGrant(tx, code);
    await tx.oAuthCode.update({ where: { codeHash }, data: { grantId: grant.id } });
    return issueTokens(tx, grant);
  });
}

async function refresh(clientId: string, req: TokenRequest): Promise<TokenPair> {
  if (!req.refresh_token) throw refuse('invalid_request', 'refresh_token is required');
  const tokenHash = sha256(req.refresh_token);
  const row = req.refresh_token.startsWith(REFRESH_TOKEN_PREFIX)
    ? await db.oAuthToken.findUnique({ where: { tokenHash }, include: { grant: true } })
    : null;
  if (!row || row.kind !== 'refresh' || row.grant.clientId !== clientId || row.grant.revokedAt)
    throw refuse('invalid_grant', 'The refresh token is invalid or revoked');
  if (row.usedAt) {
    await db.$transaction((tx) => endGrant(tx, row.grantId, 'refresh_token_reused'));
    throw refuse('invalid_grant', 'The refresh token was already used: this grant is revoked');
  }
  if (row.expiresAt <= clock.now()) throw refuse('invalid_grant', 'The refresh token expired');
  if (req.scope !== undefined && req.scope.split(' ').some((s) => s && !row.grant.scopes.includes(s)))
    throw refuse('invalid_scope', 'scope may not exceed what was granted');
  const pair = await db.$transaction(async (tx) => {
    const claimed = await tx.oAuthToken.updateMany({
      where: { tokenHash, usedAt: null },
      data: { usedAt: clock.now() },
    });
    if (claimed.count === 0) return null;
    return issueTokens(tx, row.grant);
  });
  if (pair) return pair;
  // Two refreshes with one token at once: the second is a reuse.
  await db.$transaction((tx) => endGrant(tx, row.grantId, 'refresh_token_reused'));
  throw refuse('invalid_grant', 'The refresh token was already used: this grant is revoked');
}
