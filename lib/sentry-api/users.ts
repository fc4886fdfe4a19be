// People as Sentry's API shows them (UserSerializer), the identity a token acts as (`GET /api/0/users/me/`) and
// the API root (`GET /api/0/`) that `sentry-cli info` reads.
import { db } from '@/lib/db';
import { notFound } from '@/lib/errors';
import { sentryScopesOf } from './scopes';

export const userSelect = {
  id: true,
  name: true,
  email: true,
  emailVerified: true,
  image: true,
  passwordHash: true,
  createdAt: true,
  totp: { select: { confirmedAt: true } },
  _count: { select: { webauthnKeys: true } },
} as const;

type UserRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: Date | null;
  image: string | null;
  passwordHash: string | null;
  createdAt: Date;
  totp: { confirmedAt: Date | null } | null;
  _count: { webauthnKeys: number };
};

const avatarOf = (image: string | null) =>
  image
    ? { avatarType: 'upload', avatarUuid: null, avatarUrl: image }
    : { avatarType: 'letter_avatar', avatarUuid: null, avatarUrl: null };

/** Sentry's user object. `lastLogin`/`lastActive`: the newest sign-in and use of any of their sessions. */
export function serializeUser(u: UserRow, activity: { lastLogin: Date | null; lastActive: Date | null }) {
  return {
    id: u.id,
    name: u.name,
    username: u.email,
    email: u.email,
    avatarUrl: u.image,
    isActive: true,
    hasPasswordAuth: u.passwordHash !== null,
    isManaged: false,
    dateJoined: u.createdAt.toISOString(),
    lastLogin: activity.lastLogin?.toISOString() ?? null,
    has2fa: Boolean(u.totp?.confirmedAt) || u._count.webauthnKeys > 0,
    lastActive: activity.lastActive?.toISOString() ?? null,
    isSuperuser: false,
    isStaff: false,
    experiments: {},
    emails: [{ id: u.id, email: u.email, is_verified: u.emailVerified !== null }],
    avatar: avatarOf(u.image),
  };
}

/** Users with their session activity, in the order of `ids` (unknown ids left out). */
export async function usersById(ids: string[]) {
  if (ids.length === 0) return new Map<string, ReturnType<typeof serializeUser>>();
  const [rows, activity] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids } }, select: userSelect }),
    db.session.groupBy({
      by: ['userId'],
      where: { userId: { in: ids } },
      _max: { createdAt: true, lastUsedAt: true },
    }),
  ]);
  const act = new Map(activity.map((a) => [a.userId, a._max]));
  return new Map(
    rows.map((u) => {
      const a = act.get(u.id);
      return [u.id, serializeUser(u, { lastLogin: a?.createdAt ?? null, lastActive: a?.lastUsedAt ?? null })];
    }),
  );
}

/** Who calls: the signed-in person, or the person who created the token (a token acts with its owner's role). */
export async function currentUser(userId: string | null) {
  const user = userId ? (await usersById([userId])).get(userId) : undefined;
  if (!user) throw notFound('User');
  return user;
}

/** `GET /api/0/`: Sentry's root, with the token's scopes in Sentry's names and the person it acts for. */
export async function apiRoot(caller: { userId: string | null; tokenScopes: string[] | null }) {
  const user = caller.userId ? ((await usersById([caller.userId])).get(caller.userId) ?? null) : null;
  return {
    version: '0',
    auth: caller.tokenScopes ? { scopes: sentryScopesOf(caller.tokenScopes) } : null,
    user,
  };
}
