import { z } from 'zod';
import { clampedInt } from '@/lib/http/query';

/** Beside the spec's `days`: `environment` (an empty value means every environment). */
export const performanceQuery = z.object({
  days: clampedInt(7, 1, 30),
  environment: z.preprocess((v) => (typeof v === 'string' && v !== '' ? v.slice(0, 200) : undefined), z.string().optional()),
});

export type VitalRating = 'good' | 'needs-improvement' | 'poor';
export type VitalName = 'lcp' | 'cls' | 'fcp' | 'ttfb';

export type TransactionGroup = { name: string; count: number; p50: number; p75: number; p95: number; lastSeen: string };
export type VitalResult = { p75: number; rating: VitalRating; samples: number } | null;
export type WebVitals = { vitals: Record<VitalName, VitalResult>; sampleCount: number };
