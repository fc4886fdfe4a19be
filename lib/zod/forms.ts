// The no-script forms (#58): the same fields as the JSON routes, plus what a form carries on its own (the page to go
// on to, the second factor's kind, the new password typed twice).
import { z } from 'zod';
import { loginSchema, registerSchema, verifyOtpSchema } from './auth';
import { changePasswordSchema } from './account';
import { totpCodeSchema } from './two-factor';

/** The page to return to once signed in; checked again (lib/auth/safe-next) wherever it is used. */
const next = z.string().max(2000).optional();

export const loginFormSchema = loginSchema.extend({ next });
export const registerFormSchema = registerSchema.extend({ next });
// The page's script upper-cases the passcode before sending it; without the script the form's schema does.
export const verifyFormSchema = verifyOtpSchema.extend({ otp: verifyOtpSchema.shape.otp.toUpperCase(), next });

export const secondFactorFormSchema = z.object({
  method: z.enum(['totp', 'recovery']),
  code: totpCodeSchema.shape.code,
  next,
});

/** Without the script nothing compares the two new passwords before they are sent: the form's schema does. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string().max(1024) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two new passwords differ',
  });
