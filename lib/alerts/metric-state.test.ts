import { describe, expect, it } from 'vitest';
import { levelOf, nextState, worstOf, type Thresholds } from './metric-state';

const above: Thresholds = { direction: 'above', warning: 500, critical: 800, resolve: 400 };
const below: Thresholds = { direction: 'below', warning: 50, critical: 10, resolve: 60 };

describe('metric alert states', () => {
  it.each([
    [above, 'ok', 450, 'ok'],
    [above, 'ok', 600, 'warning'],
    [above, 'ok', 900, 'critical'],
    [above, 'warning', 900, 'critical'],
    [above, 'critical', 600, 'warning'],
    // Below the warning threshold, above the resolve one: still open, at its level.
    [above, 'critical', 450, 'critical'],
    [above, 'warning', 400, 'ok'],
    [above, 'warning', null, 'warning'],
    [above, 'ok', null, 'ok'],
    [below, 'ok', 40, 'warning'],
    [below, 'ok', 5, 'critical'],
    [below, 'warning', 55, 'warning'],
    [below, 'warning', 60, 'ok'],
  ] as const)('%o from %s at %s: %s', (t, state, value, next) => {
    expect(nextState(t, state, value)).toBe(next);
  });

  it('resolves at the warning threshold, or the critical one, when no resolve threshold is set', () => {
    expect(nextState({ ...above, resolve: null }, 'warning', 500)).toBe('ok');
    expect(nextState({ direction: 'above', warning: null, critical: 800, resolve: null }, 'critical', 800)).toBe('ok');
    expect(levelOf({ direction: 'above', warning: null, critical: 800, resolve: null }, 700)).toBe('ok');
  });

  it('picks the worst group for the direction, skipping groups without a value', () => {
    const values = [
      { group: 'a', value: 3 },
      { group: 'b', value: null },
      { group: 'c', value: 7 },
    ];
    expect(worstOf(above, values)).toEqual({ group: 'c', value: 7 });
    expect(worstOf(below, values)).toEqual({ group: 'a', value: 3 });
    expect(worstOf(above, [])).toBeNull();
  });
});
