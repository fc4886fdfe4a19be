import { z } from 'zod';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Invalid email address' }));

export const newPassword = z
  .string()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const registerSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email,
  password: newPassword,
});

export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, 'Reset token is required').max(200),
  password: newPassword,
});

export const verifyOtpSchema = z.object({
  email,
  otp: z.string().trim().min(1, 'Passcode is required').max(32),
});

export const emailOnlySchema = z.object({ email });

export const loginSchema = z.object({
  email,
  password: z.string().min(1, 'Password is required').max(1024),
});

export type RegisterInput = z.infer<typeof registerSchema>;
