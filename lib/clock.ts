// The one source of "now" for quota months, windows and expiries, so tests can move time.
let offsetMs = 0;
let fixed: number | null = null;

export const clock = {
  now(): Date {
    return new Date(fixed ?? Date.now() + offsetMs);
  },
  nowMs(): number {
    return fixed ?? Date.now() + offsetMs;
  },
  /** Test hook: freeze time at `at` (or unfreeze with null). */
  set(at: Date | number | null): void {
    fixed = at === null ? null : typeof at === 'number' ? at : at.getTime();
  },
  /** Test hook: shift the running clock by `ms`. */
  advance(ms: number): void {
    if (fixed !== null) fixed += ms;
    else offsetMs += ms;
  },
  reset(): void {
    fixed = null;
    offsetMs = 0;
  },
};

/** UTC calendar month of `d` as `YYYY-MM`. */
export function monthOf(d: Date): string {
  return d.toISOString().slice(0, 7);
}
