import { z } from 'zod';
import { newPassword } from './auth';

/** A signed-in person changing their password: the current one proves it is them, not a borrowed session. */
export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(1024),
  newPassword,
});

export const sessionParams = z.object({ sessionId: z.string().min(1).max(64) });

/** `?all=true` also ends the caller's own session (signed out here too); otherwise every other one. */
export const revokeSessionsQuery = z.object({ all: z.enum(['true', 'false']).optional() });

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;
