import { describe, expect, it } from 'vitest';
import { contextLabel } from './context-label';

describe('contextLabel', () => {
  it.each([
    [{ browser: { name: 'Chrome', version: '131.0' } }, 'browser', 'Chrome 131.0'],
    [{ os: { name: 'Android', version: 14 } }, 'os', 'Android 14'],
    [{ runtime: { name: 'node' } }, 'runtime', 'node'],
    [{ device: { model: 'Pixel 8' } }, 'device', 'Pixel 8'],
    [{ browser: { model: 'Pixel 8' } }, 'browser', null],
    [{ browser: { name: '' } }, 'browser', null],
    [{ browser: 'Chrome' }, 'browser', null],
    [null, 'browser', null],
  ])('%j %s → %s', (contexts, key, label) => expect(contextLabel(contexts, key)).toBe(label));
});
