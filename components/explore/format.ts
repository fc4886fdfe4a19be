// How Explore shows a number: durations with their unit, ratios as percentages, counts whole.
import type { Unit } from '@/lib/explore/compile';

export function formatValue(v: number | null | undefined, unit: Unit | undefined): string {
  if (v === null || v === undefined || Number.isNaN(v)) return '–';
  if (unit === 'millisecond') return v >= 1000 ? `${(v / 1000).toFixed(2)} s` : `${Number(v.toFixed(2))} ms`;
  if (unit === 'ratio') return `${Number((v * 100).toFixed(2))} %`;
  if (unit === 'per_minute') return `${Number(v.toFixed(2))}/min`;
  return Number.isInteger(v) ? v.toLocaleString('en-US') : Number(v.toFixed(4)).toLocaleString('en-US');
}
