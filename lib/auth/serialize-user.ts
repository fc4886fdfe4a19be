import type { SessionUser } from './session';

/** The public shape of a user: never the password hash or any token. */
export function serializeUser(u: Pick<SessionUser, 'id' | 'name' | 'email' | 'emailVerified' | 'image' | 'createdAt'>) {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    emailVerified: u.emailVerified !== null,
    image: u.image,
    createdAt: u.createdAt.toISOString(),
  };
}
