import { PrismaAdapter } from '@auth/prisma-adapter';
import type { Adapter, AdapterAccount, AdapterUser } from 'next-auth/adapters';
import { db } from '@/lib/db';
import { createOAuthUser, linkOAuthAccount } from './link-oauth-account';

/**
 * @auth/prisma-adapter for the lookups, with user creation and account linking of our own:
 * a new user gets an organization like registration, and only non-secret account fields are stored.
 * Session methods are left out on purpose: next-auth's session is a short JWT handed off to ours.
 */
export function oauthAdapter(): Adapter {
  const base = PrismaAdapter(db as unknown as Parameters<typeof PrismaAdapter>[0]) as unknown as Required<Adapter>;
  return {
    getUser: base.getUser,
    getUserByEmail: base.getUserByEmail,
    getUserByAccount: base.getUserByAccount,
    updateUser: base.updateUser,
    async createUser(user: Omit<AdapterUser, 'id'>) {
      return createOAuthUser({ email: user.email, name: user.name, image: user.image });
    },
    async linkAccount(account: AdapterAccount) {
      await linkOAuthAccount({
        userId: account.userId,
        type: account.type,
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        scope: typeof account.scope === 'string' ? account.scope : undefined,
        token_type: typeof account.token_type === 'string' ? account.token_type : undefined,
      });
    },
  };
}
