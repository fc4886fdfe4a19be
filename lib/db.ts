import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { pool } from '@/lib/pg';

/** A Prisma client over `adapter` (the primary's pool by default; lib/replica makes one over the replica's). */
export function createClient(adapter: PrismaPg = new PrismaPg(pool())) {
  return new PrismaClient({
    adapter,
    // Secrets never leave the data layer unless a query asks for them by name.
    omit: { user: { passwordHash: true }, alertRule: { webhookSecret: true } },
  });
}

export type Db = ReturnType<typeof createClient>;
const globalForDb = globalThis as unknown as { prismaClient?: Db };

/** The one Prisma client (lazily created, so DATABASE_URL may be set at start-up). */
export function getDb(): Db {
  globalForDb.prismaClient ??= createClient();
  return globalForDb.prismaClient;
}

export const db: Db = new Proxy({} as Db, {
  get: (_t, prop) => Reflect.get(getDb(), prop, getDb()),
});

/** A client or an interactive transaction: service functions accept either. */
export type Tx = Omit<Db, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;
