import { db, type Tx } from '@/lib/db';
import { clock } from '@/lib/clock';
import { addOwner, createOrganization } from '@/lib/orgs/create-organization';

const MAX_NAME = 100;

/** The display name for a provider identity: the provider's name, else the email's local part. */
export function oauthUserName(name: string | null | undefined, email: string): string {
  const trimmed = name?.trim();
  return (trimmed || email.split('@')[0] || email).slice(0, MAX_NAME);
}

/**
 * A new user from a provider sign-in: verified (the provider vouched for the email) and given their
 * own FREE organization, like registration.
 */
export async function createOAuthUser(input: { email: string; name?: string | null; image?: string | null }) {
  const email = input.email.toLowerCase();
  const name = oauthUserName(input.name, email);
  return db.$transaction(async (tx) => {
    const org = await createOrganization(tx, name);
    const user = await tx.user.create({
      data: { name, email, image: input.image ?? null, emailVerified: clock.now(), orgId: org.id },
    });
    await addOwner(tx, org.id, user.id);
    return user;
  });
}

export type ProviderAccount = {
  userId: string;
  type: string;
  provider: string;
  providerAccountId: string;
  scope?: string;
  token_type?: string;
};

/**
 * Records the provider-linked account. Provider tokens are not kept: nothing calls the provider after
 * sign-in, so storing them would only be a secret at rest.
 */
export async function linkOAuthAccount(account: ProviderAccount) {
  return db.$transaction(async (tx) => {
    const created = await tx.account.create({
      data: {
        userId: account.userId,
        type: account.type,
        provider: account.provider,
        providerAccountId: account.providerAccountId,
        scope: account.scope ?? null,
        token_type: account.token_type ?? null,
      },
    });
    await claimUnverifiedUser(tx, account.userId);
    return created;
  });
}

/**
 * Linking is only allowed for a provider-verified email, which proves ownership. An unverified
 * password account with that email was never proven to be this person's: its password is dropped
 * so whoever registered it cannot sign in to the now-verified account.
 */
async function claimUnverifiedUser(tx: Tx, userId: string) {
  const claimed = await tx.user.updateMany({
    where: { id: userId, emailVerified: null },
    data: { emailVerified: clock.now(), passwordHash: null },
  });
  if (claimed.count > 0) await tx.passcode.deleteMany({ where: { userId } });
}
