// Where a stack frame's file is in a repository (#64), by the project's code mappings: the longest stack root that
// the frame's path starts with wins, and the rest of the path goes under that mapping's source root.

export type MappingRoots = { stackRoot: string; sourceRoot: string };

/**
 * A frame's path as code mappings see it: a URL's (webpack:///./src/a.js, app:///src/a.js, https://host/static/a.js)
 * without scheme, host and leading ./ or /; a file path as it is.
 */
export function framePath(p: string): string {
  const url = /^[a-z][\w+.-]*:\/\/[^/]*/i.exec(p);
  if (!url) return p.replace(/^(\.\/)+/, '');
  return p
    .slice(url[0].length)
    .replace(/[?#].*$/, '')
    .replace(/^\/+/, '')
    .replace(/^(\.\/)+/, '');
}

const join = (a: string, b: string) => [a.replace(/\/+$/, ''), b.replace(/^\/+/, '')].filter(Boolean).join('/');

/** The mapping and the file's path in its repository, or null when no mapping's stack root matches. */
export function mapFrame<M extends MappingRoots>(
  frame: { abs_path?: string; filename?: string },
  mappings: M[],
): { mapping: M; path: string } | null {
  const candidates = [frame.abs_path, frame.filename].filter((p): p is string => !!p).map(framePath);
  const byRoot = [...mappings].sort((a, b) => b.stackRoot.length - a.stackRoot.length);
  for (const mapping of byRoot)
    for (const c of candidates)
      if (c.startsWith(mapping.stackRoot)) {
        const path = join(mapping.sourceRoot, c.slice(mapping.stackRoot.length));
        if (path && !path.split('/').includes('..')) return { mapping, path };
      }
  return null;
}
