// The auth API's paths, for the tests of sign-up, sign-in, password reset and their throttles (#15).
import { afterEach } from 'vitest';
import { clock } from '@/lib/clock';

export const LOGIN = '/api/v1/auth/login';
export const REGISTER = '/api/v1/auth/register';
export const VERIFY = '/api/v1/auth/verify-otp';
export const SEND = '/api/v1/auth/send-otp';
export const FORGOT = '/api/v1/auth/forgot-password';
export const RESET = '/api/v1/auth/reset-password';

/** For a test file of the throttles: after each test the clock is real again and the limits are as configured. */
export function useThrottleReset() {
  afterEach(() => {
    clock.reset();
    delete process.env.AUTH_THROTTLE_MULTIPLIER;
  });
}
