import type { Tx } from '@/lib/db';
import { slugify, uniqueSlug } from './slug';

/** Creates the user's organization on the FREE plan, with a globally unique slug. */
export async function createOrganization(tx: Tx, ownerName: string) {
  const name = `${ownerName}'s organization`;
  const slug = await uniqueSlug(slugify(name), async (prefix) =>
    (await tx.organization.findMany({ where: { slug: { startsWith: prefix } }, select: { slug: true } })).map(
      (o) => o.slug,
    ),
  );
  return tx.organization.create({ data: { name, slug } });
}

/** The user who signed up owns the organization made for them. */
export async function addOwner(tx: Tx, orgId: string, userId: string) {
  await tx.membership.create({ data: { orgId, userId, role: 'OWNER' } });
}
