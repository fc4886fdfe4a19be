import { describe, expect, it } from 'vitest';
import { framePath, mapFrame } from './frame-paths';

describe('frame paths and code mappings', () => {
  it.each([
    ['webpack:///./src/cart/total.js', 'src/cart/total.js'],
    ['app:///src/app.ts', 'src/app.ts'],
    ['https://shop.example.com/static/js/main.js?v=3#x', 'static/js/main.js'],
    ['./lib/a.py', 'lib/a.py'],
    ['/srv/app/views.py', '/srv/app/views.py'],
    ['app/views.py', 'app/views.py'],
  ])('%s → %s', (input, out) => expect(framePath(input)).toBe(out));

  const mappings = [
    { id: 'all', stackRoot: '', sourceRoot: 'web' },
    { id: 'srv', stackRoot: '/srv/app/', sourceRoot: 'backend/app/' },
    { id: 'src', stackRoot: 'src/', sourceRoot: 'frontend/src/' },
  ];
  it.each([
    [{ filename: 'webpack:///./src/cart/total.js' }, 'src', 'frontend/src/cart/total.js'],
    [{ abs_path: '/srv/app/views.py', filename: 'app/views.py' }, 'srv', 'backend/app/views.py'],
    [{ filename: 'lib/util.js' }, 'all', 'web/lib/util.js'],
  ])('the longest stack root wins: %j', (frame, id, path) => {
    expect(mapFrame(frame, mappings)).toEqual({ mapping: mappings.find((m) => m.id === id), path });
  });

  it('maps nothing outside every stack root, and never a path that climbs out', () => {
    expect(mapFrame({ filename: 'vendor/x.js' }, [{ stackRoot: 'src/', sourceRoot: '' }])).toBeNull();
    expect(mapFrame({ filename: 'src/../../etc/passwd' }, [{ stackRoot: 'src/', sourceRoot: '' }])).toBeNull();
  });
});
