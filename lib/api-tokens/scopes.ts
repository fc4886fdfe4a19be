import { z } from 'zod';

export const TOKEN_SCOPES = ['read', 'write', 'releases'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** What an endpoint asks of a token: `releases` endpoints (releases, source maps) or the rest. */
export type TokenEndpointClass = 'default' | 'releases';

/**
 * The scopes that let a token make a request, the first being the one a 403 names: reads take `read`
 * (or `write`, which implies it); other methods take `write`; release endpoints take `releases`
 * (their reads also `read`/`write`).
 */
export function scopesAccepted(method: string, cls: TokenEndpointClass): TokenScope[] {
  const read = method === 'GET' || method === 'HEAD';
  if (cls === 'releases') return read ? ['releases', 'read', 'write'] : ['releases'];
  return read ? ['read', 'write'] : ['write'];
}

export const createApiTokenSchema = z.object({
  name: z
    .string({ message: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  scopes: z
    .array(z.enum(TOKEN_SCOPES, { message: 'Scopes must be read, write or releases' }), {
      message: 'Choose at least one scope',
    })
    .min(1, 'Choose at least one scope')
    .transform((s) => [...new Set(s)]),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

export const apiTokenParams = z.object({ tokenId: z.string().min(1).max(64) });
