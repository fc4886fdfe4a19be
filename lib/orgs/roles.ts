import { AppError } from '@/lib/errors';
import type { Role } from '@/lib/zod/orgs';

export { ROLES, type Role } from '@/lib/zod/orgs';

const RANK: Record<Role, number> = { MEMBER: 1, ADMIN: 2, OWNER: 3 };

export function roleAtLeast(role: Role, min: Role): boolean {
  return RANK[role] >= RANK[min];
}

/** The one 403 for a role too low: it names the role the action needs. */
export function roleRequired(min: Role): AppError {
  return new AppError('FORBIDDEN', `This action requires the ${min} role`);
}

export function assertRole(role: Role, min: Role): void {
  if (!roleAtLeast(role, min)) throw roleRequired(min);
}
