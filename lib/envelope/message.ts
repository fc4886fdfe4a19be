// Messages without a stack (captureMessage, logging integrations): formatting and the template they group by.

const PLACEHOLDER = /%%|%[sdifr]|\{(\d*)\}/g;

function show(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null) return 'None';
  return String(v);
}

/**
 * Fills `%s`/`%d`/`%i`/`%f`/`%r` (printf, Python logging) and `{}`/`{0}` placeholders from `params`, in order;
 * a placeholder without a param stays as it is.
 */
export function formatMessage(template: string, params: readonly unknown[] | undefined): string {
  if (!params || params.length === 0) return template;
  let next = 0;
  return template.replace(PLACEHOLDER, (whole, index: string | undefined) => {
    if (whole === '%%') return '%';
    const i = index !== undefined && index !== '' ? Number(index) : next++;
    if (i >= params.length) return whole;
    const v = params[i];
    if (whole === '%d' || whole === '%i') return typeof v === 'number' ? String(Math.trunc(v)) : show(v);
    if (whole === '%r' && typeof v === 'string') return `'${v}'`;
    return show(v);
  });
}

const NORMALISERS: [RegExp, string][] = [
  [/"[^"\n]*"|'[^'\n]*'|`[^`\n]*`/g, '<str>'],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b0x[0-9a-f]+\b/gi, '<hex>'],
  [/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{8,}\b/gi, '<hex>'],
  [/-?\b\d+(\.\d+)?\b/g, '<num>'],
];

/** A message with its variable parts (quoted strings, UUIDs, hex ids, numbers) replaced, so one log line is one issue. */
export function normaliseMessage(text: string): string {
  let out = text;
  for (const [re, replacement] of NORMALISERS) out = out.replace(re, replacement);
  return out;
}
