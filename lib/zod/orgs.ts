import { z } from 'zod';

export const ROLES = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export type Role = (typeof ROLES)[number];

const role = z.enum(ROLES, { message: 'Role must be one of OWNER, ADMIN, MEMBER' });
const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Invalid email address' }));

export const switchOrganizationSchema = z.object({ orgId: z.string().min(1, 'orgId is required') });
export const memberParams = z.object({ userId: z.string().min(1) });
export const updateMemberSchema = z.object({ role });
export const createInviteSchema = z.object({ email, role: role.default('MEMBER') });
export const inviteIdParams = z.object({ inviteId: z.string().min(1) });
export const inviteTokenParams = z.object({ token: z.string().min(1).max(200) });
export const registerFromInviteSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be at most 128 characters'),
});

export type CreateInviteInput = z.infer<typeof createInviteSchema>;
export type RegisterFromInviteInput = z.infer<typeof registerFromInviteSchema>;
