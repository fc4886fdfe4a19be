import useSWR from 'swr';
import { fetcher } from './fetcher';

export const TWO_FACTOR_PATH = '/api/v1/auth/two-factor';

export type TwoFactorStatus = {
  enabled: boolean;
  totp: { enabled: boolean; addedAt: string | null };
  webauthn: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  recoveryCodes: { total: number; remaining: number };
};

export function useTwoFactor() {
  return useSWR<TwoFactorStatus>(TWO_FACTOR_PATH, fetcher);
}
