import type { VitalName } from '@/lib/zod/performance';

const ms = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const cls = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

export const formatMs = (value: number) => `${ms.format(value)} ms`;

/** LCP, FCP and TTFB are milliseconds; CLS is a unitless score. */
export const formatVital = (name: VitalName, value: number) => (name === 'cls' ? cls.format(value) : formatMs(value));

export const formatCount = (value: number) => value.toLocaleString('en-US');
