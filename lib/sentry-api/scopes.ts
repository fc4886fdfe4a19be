import type { TokenScope } from '@/lib/api-tokens/scopes';

/**
 * Sentry's scope names for what one of our token scopes allows (docs/api-compat.md): `read` is every `*:read`;
 * `write` is also every `*:write` and `event:admin` (it deletes issues, for an ADMIN's token); `releases` is
 * `project:releases` and `org:ci`, sentry-cli's release and upload calls. The API root lists them, as Sentry's does.
 */
const SENTRY_SCOPES: Record<TokenScope, readonly string[]> = {
  read: ['org:read', 'project:read', 'team:read', 'member:read', 'event:read', 'alerts:read'],
  write: [
    'org:read',
    'project:read',
    'team:read',
    'member:read',
    'event:read',
    'alerts:read',
    'org:write',
    'project:write',
    'team:write',
    'member:write',
    'event:write',
    'event:admin',
    'alerts:write',
  ],
  releases: ['project:releases', 'org:ci'],
};

export function sentryScopesOf(scopes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const s of scopes) for (const name of SENTRY_SCOPES[s as TokenScope] ?? []) out.add(name);
  return [...out].sort();
}
