/** Lower-case URL slug of a display name. */
export function slugify(name: string): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return s || 'item';
}

/** `base`, or `base-2`, `base-3`… : the first that is not taken. */
export async function uniqueSlug(base: string, taken: (prefix: string) => Promise<string[]>): Promise<string> {
  const existing = new Set(await taken(base));
  if (!existing.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!existing.has(candidate)) return candidate;
  }
}
