import type { StackFrame } from './types';

const MAX_FRAMES = 100;

function frame(filename: string, lineno: number, colno: number | undefined, fn: string | undefined): StackFrame | null {
  if (!filename || !(lineno >= 1) || !isFinite(lineno)) return null;
  const f = { filename } as StackFrame;
  if (fn) f.function = fn;
  f.lineno = lineno;
  if (colno !== undefined && colno >= 0 && isFinite(colno)) f.colno = colno;
  return f;
}

/** `url:line[:col]` → parts; null when there is no line number. */
function splitLocation(loc: string): { file: string; line: number; col?: number } | null {
  const m = /^(.*?):(\d+)(?::(\d+))?$/.exec(loc);
  if (!m || !m[1]) return null;
  return { file: m[1], line: +m[2], col: m[3] !== undefined ? +m[3] : undefined };
}

/** Chrome / V8: `at fn (loc)`, `at loc`, `at async fn (loc)`, `at new Foo (loc)`, `at eval (eval at fn (loc), <anonymous>:1:1)`. */
function parseV8(line: string): StackFrame | null {
  let rest = line.slice(3).trim(); // after "at "
  if (rest.indexOf('async ') === 0) rest = rest.slice(6).trim();
  let fn: string | undefined;
  let loc = rest;
  if (rest.charAt(rest.length - 1) === ')') {
    // find the '(' matching the final ')'
    let depth = 0;
    let open = -1;
    for (let i = rest.length - 1; i >= 0; i--) {
      const c = rest.charAt(i);
      if (c === ')') depth++;
      else if (c === '(') {
        depth--;
        if (depth === 0) {
          open = i;
          break;
        }
      }
    }
    if (open > 0) {
      fn = rest.slice(0, open).trim();
      loc = rest.slice(open + 1, -1);
    } else if (open === 0) {
      loc = rest.slice(1, -1);
    }
  }
  if (loc.indexOf('eval at ') === 0) {
    // Use the location of the eval call site: "eval at fn (https://x/app.js:50:3), <anonymous>:1:1"
    const m = /\((\S*?):(\d+):(\d+)\)/.exec(loc);
    if (!m) return null;
    return frame(m[1], +m[2], +m[3], fn || 'eval');
  }
  const parts = splitLocation(loc);
  if (!parts) return null;
  if (fn === '<anonymous>') fn = undefined;
  return frame(parts.file, parts.line, parts.col, fn);
}

/** Firefox (SpiderMonkey) and Safari (JavaScriptCore): `fn@loc`, `@loc`, `global code@loc`, `async*fn@loc`, `fn@url line 2 > eval:1:1`. */
function parseAt(line: string): StackFrame | null {
  const at = line.indexOf('@');
  if (at < 0) return null;
  let fn = line.slice(0, at);
  const loc = line.slice(at + 1);
  const star = fn.lastIndexOf('*');
  if (star >= 0) fn = fn.slice(star + 1); // "async*fn", "promise callback*fn"
  // Firefox eval / new Function: "https://x/app.js line 50 > eval:1:1"
  const ev = /^(.*?) line (\d+) > (?:eval|Function)/.exec(loc);
  if (ev) return frame(ev[1], +ev[2], undefined, fn || 'eval');
  const parts = splitLocation(loc);
  if (!parts) return null;
  return frame(parts.file, parts.line, parts.col, fn || undefined);
}

/**
 * Parses an `error.stack` string of V8, SpiderMonkey or JavaScriptCore into frames,
 * innermost (throw site) first. Frames without a line number are dropped.
 */
export function parseStack(stack: unknown): StackFrame[] {
  if (typeof stack !== 'string' || !stack) return [];
  const frames: StackFrame[] = [];
  const lines = stack.split('\n');
  for (let i = 0; i < lines.length && frames.length < MAX_FRAMES; i++) {
    const line = lines[i].trim();
    if (!line || line.length > 1024) continue;
    let f: StackFrame | null = null;
    if (line.indexOf('at ') === 0) f = parseV8(line);
    else if (line.indexOf('@') >= 0) f = parseAt(line);
    if (f) frames.push(f);
  }
  return frames;
}

export function syntheticFrame(): StackFrame {
  let href = '';
  try {
    href = typeof location !== 'undefined' ? String(location.href) : '';
  } catch {
    /* ignore */
  }
  return { filename: href || '<unknown>', lineno: 1 };
}
