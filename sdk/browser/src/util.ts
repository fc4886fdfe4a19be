export function now(): number {
  return Date.now();
}

export function uuid32(): string {
  const bytes = new Uint8Array(16);
  try {
    const c = (globalThis as { crypto?: Crypto }).crypto;
    if (c && c.getRandomValues) c.getRandomValues(bytes);
    else throw 0;
  } catch {
    for (let i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  let out = '';
  for (let i = 0; i < 16; i++) out += (bytes[i] + 0x100).toString(16).slice(1);
  return out;
}

export function truncate(s: string, max: number): string {
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}

/** String(value), or JSON for plain objects/arrays. Never throws. */
export function stringify(value: unknown): string {
  try {
    if (typeof value === 'string') return value;
    if (value !== null && typeof value === 'object') {
      const s = Object.prototype.toString.call(value);
      if (s === '[object Object]' || s === '[object Array]') {
        const json = JSON.stringify(value);
        if (json !== undefined) return json;
      }
    }
    return String(value);
  } catch {
    try {
      return Object.prototype.toString.call(value);
    } catch {
      return '<unserializable>';
    }
  }
}

export function isError(value: unknown): value is Error {
  if (!value || typeof value !== 'object') return false;
  if (value instanceof Error) return true;
  const s = Object.prototype.toString.call(value);
  return s === '[object Error]' || s === '[object DOMException]' || s === '[object Exception]';
}
