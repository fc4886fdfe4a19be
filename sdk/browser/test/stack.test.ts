import { describe, expect, it } from 'vitest';
import { parseStack, syntheticFrame } from '../src/stack';
import { chrome, firefox, safari } from './fixtures/stacks';

const URL = 'http://127.0.0.1:8123/static/app.js';
const f = (fn: string | undefined, lineno: number, colno?: number) => {
  const o: Record<string, unknown> = { filename: URL };
  if (fn) o.function = fn;
  o.lineno = lineno;
  if (colno !== undefined) o.colno = colno;
  return o;
};

describe('parseStack: V8 / Chrome (recorded)', () => {
  it('nested calls: methods, `new Foo`, anonymous frames, native frames dropped', () => {
    expect(parseStack(chrome.nested.stack)).toEqual([
      f(undefined, 19, 24),
      // "at Array.map (<anonymous>)" has no line number: dropped
      f('Object.format', 18, 16),
      f('Widget.render', 14, 18),
      f('new Widget', 11, 8),
      f('namedOuter', 24, 10),
      f(undefined, 52, 40),
      f('capture', 28, 5),
      f(undefined, 52, 18),
    ]);
  });
  it('top level `at url:line:col`', () => {
    expect(parseStack(chrome.topLevel.stack)).toEqual([f(undefined, 5, 8)]);
  });
  it('eval frames map to the eval call site', () => {
    expect(parseStack(chrome.eval.stack)).toEqual([
      f('evaluated', 53, 45),
      f('eval', 53, 45),
      f('runEval', 53, 45),
      f('capture', 28, 5),
      f(undefined, 53, 16),
    ]);
    expect(parseStack(chrome.functionCtor.stack)[0]).toEqual(f('eval', 54, 53));
  });
  it('`at async fn (...)`', () => {
    expect(parseStack(chrome.async.stack)).toEqual([f('asyncInner', 40, 9), f('asyncOuter', 43, 3)]);
  });
  it('class method and arrow functions', () => {
    expect(parseStack(chrome.classMethod.stack)[0]).toEqual(f('Store.dispatch', 35, 11));
    expect(parseStack(chrome.arrow.stack)).toEqual([
      f(undefined, 56, 59),
      f(undefined, 56, 37),
      f('capture', 28, 5),
      f(undefined, 56, 17),
    ]);
  });
  it('new Error().stack (captureMessage) keeps the call site', () => {
    expect(parseStack(chrome.messageStack)).toEqual([f('messageStack', 46, 10), f(undefined, 57, 24)]);
  });
});

describe('parseStack: SpiderMonkey / Firefox (recorded)', () => {
  it('nested calls', () => {
    expect(parseStack(firefox.nested.stack)).toEqual([
      f('format/<', 19, 7),
      f('format', 18, 16),
      f('Widget.prototype.render', 14, 18),
      f('Widget', 11, 8),
      f('namedOuter', 24, 10),
      f(undefined, 52, 40),
      f('capture', 28, 5),
      f(undefined, 52, 18),
    ]);
  });
  it('anonymous `@url:line:col`', () => {
    expect(parseStack(firefox.topLevel.stack)).toEqual([f(undefined, 5, 3)]);
  });
  it('`url line N > eval` and `> Function` map to the eval call site', () => {
    expect(parseStack(firefox.eval.stack)).toEqual([
      f('evaluated', 53),
      f('eval', 53),
      f('runEval', 53, 45),
      f('capture', 28, 5),
      f(undefined, 53, 16),
    ]);
    expect(parseStack(firefox.functionCtor.stack)[0]).toEqual(f('anonymous', 54));
  });
  it('`async*fn@` prefix is stripped', () => {
    expect(parseStack(firefox.async.stack)).toEqual([
      f('asyncInner', 40, 9),
      f('asyncOuter', 43, 9),
      f(undefined, 58, 1),
    ]);
  });
  it('class method', () => {
    expect(parseStack(firefox.classMethod.stack)[0]).toEqual(f('dispatch', 35, 11));
  });
});

describe('parseStack: JavaScriptCore / Safari (recorded)', () => {
  it('nested calls; `[native code]` frames dropped; `global code@`', () => {
    expect(parseStack(safari.nested.stack)).toEqual([
      f(undefined, 19, 23),
      f('format', 18, 19),
      f(undefined, 14, 24),
      f('Widget', 11, 14),
      f('namedOuter', 24, 20),
      f(undefined, 52, 50),
      f('capture', 28, 7),
      f('global code', 52, 25),
    ]);
  });
  it('global code at the throw site', () => {
    expect(parseStack(safari.topLevel.stack)).toEqual([f('global code', 5, 7)]);
  });
  it('eval frames without a location are dropped', () => {
    expect(parseStack(safari.eval.stack)).toEqual([
      f('runEval', 53, 49),
      f('capture', 28, 7),
      f('global code', 53, 23),
    ]);
    expect(parseStack(safari.functionCtor.stack)[0]).toEqual(f('runCtor', 54, 87));
  });
  it('async', () => {
    expect(parseStack(safari.async.stack)).toEqual([f('asyncInner', 40, 18)]);
  });
});

describe('parseStack: every recorded stack', () => {
  for (const [engine, fx] of Object.entries({ chrome, firefox, safari })) {
    it(`${engine}: frames have a filename and a positive integer lineno`, () => {
      for (const [key, rec] of Object.entries(fx)) {
        const frames = parseStack(typeof rec === 'string' ? rec : rec.stack);
        expect(frames.length, key).toBeGreaterThan(0);
        for (const fr of frames) {
          expect(fr.filename).toBe(URL);
          expect(Number.isInteger(fr.lineno) && fr.lineno > 0).toBe(true);
        }
      }
    });
  }
});

describe('parseStack: other shapes', () => {
  it('handles Windows paths, URLs containing @, `[as x]`, and skips junk', () => {
    const stack = [
      'Error: user@example.com not found',
      '    at foo [as bar] (C:\\app\\main.js:3:9)',
      '    at async Promise.all (index 0)',
      '    at https://cdn.example.com/npm/lib@1.2.3/dist/lib.js:10:2',
    ].join('\n');
    expect(parseStack(stack)).toEqual([
      { filename: 'C:\\app\\main.js', function: 'foo [as bar]', lineno: 3, colno: 9 },
      { filename: 'https://cdn.example.com/npm/lib@1.2.3/dist/lib.js', lineno: 10, colno: 2 },
    ]);
    expect(parseStack('@https://cdn.example.com/npm/lib@1.2.3/x.js:4:5')).toEqual([
      { filename: 'https://cdn.example.com/npm/lib@1.2.3/x.js', lineno: 4, colno: 5 },
    ]);
  });
  it('returns [] for missing or unparseable stacks', () => {
    expect(parseStack(undefined)).toEqual([]);
    expect(parseStack('')).toEqual([]);
    expect(parseStack('Error: nope\n    at <anonymous>\nfoo@[native code]')).toEqual([]);
    expect(parseStack('    at x (https://a.b/c.js:0:1)')).toEqual([]); // lineno 0 is not valid
  });
  it('synthetic frame uses location.href', () => {
    expect(syntheticFrame()).toEqual({ filename: location.href, lineno: 1 });
    expect(location.href).toMatch(/^http/);
  });
});
