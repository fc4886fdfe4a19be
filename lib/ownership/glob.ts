// The two pattern languages of ownership rules (#49). Sentry's rules use fnmatch (its `glob_match`): `*` crosses
// slashes, the whole value must match. CODEOWNERS patterns follow gitignore as GitHub reads them: `*` stays within
// one path segment, `**` crosses them, a leading or inner slash anchors the pattern at the repository's root, a
// trailing slash means everything under that directory, and an unanchored pattern matches at any depth.

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Python's fnmatch.translate: `*`, `?`, `[seq]`, `[!seq]`; anchored at both ends. */
export function fnmatchRegex(pattern: string): RegExp {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      re += '.*';
      while (pattern[i + 1] === '*') i++;
    } else if (c === '?') re += '.';
    else if (c === '[') {
      let j = i + 1;
      if (pattern[j] === '!') j++;
      if (pattern[j] === ']') j++;
      while (j < pattern.length && pattern[j] !== ']') j++;
      if (j >= pattern.length) re += '\\[';
      else {
        let body = pattern.slice(i + 1, j).replace(/\\/g, '\\\\');
        if (body.startsWith('!')) body = `^${body.slice(1)}`;
        else if (body.startsWith('^')) body = `\\${body}`;
        re += `[${body}]`;
        i = j;
      }
    } else re += escape(c);
  }
  return new RegExp(`^${re}$`, 's');
}

const fnmatchCache = new Map<string, RegExp>();

/** Sentry's glob_match: fnmatch, optionally case-insensitive and with backslashes read as slashes. */
export function globMatch(
  value: string,
  pattern: string,
  opts: { ignoreCase?: boolean; pathNormalize?: boolean } = {},
): boolean {
  let v = value;
  let p = pattern;
  if (opts.ignoreCase) {
    v = v.toLowerCase();
    p = p.toLowerCase();
  }
  if (opts.pathNormalize) {
    v = v.replace(/\\/g, '/');
    p = p.replace(/\\/g, '/');
  }
  let re = fnmatchCache.get(p);
  if (!re) {
    re = fnmatchRegex(p);
    if (fnmatchCache.size > 5000) fnmatchCache.clear();
    fnmatchCache.set(p, re);
  }
  return re.test(v);
}

/** The body of a gitignore-style pattern (no anchor, no trailing slash) as a regular expression. */
function gitGlobBody(p: string): string {
  let re = '';
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '*' && p[i + 1] === '*') {
      const segmentStart = i === 0 || p[i - 1] === '/';
      const segmentEnd = i + 2 === p.length || p[i + 2] === '/';
      if (segmentStart && segmentEnd && i + 2 < p.length) {
        re += '(?:.*/)?';
        i += 2; // and the slash after it
      } else {
        re += '.*';
        i += 1;
      }
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += escape(c);
  }
  return re;
}

/**
 * A CODEOWNERS pattern as a regular expression over a frame's path, after the code mapping: an anchored pattern
 * under `sourceRoot` (a repository path) is looked for under `stackRoot` (the path prefix frames carry).
 */
export function codeownersRegex(pattern: string, mapping: { stackRoot: string; sourceRoot: string }): RegExp {
  let p = pattern.replace(/\\/g, '/');
  const anchored = p.startsWith('/') || p.slice(0, -1).includes('/');
  p = p.replace(/^\/+/, '');
  const directory = p.endsWith('/');
  if (directory) p = p.replace(/\/+$/, '');
  // A path names a file or a directory (then everything under it); a last segment with a wildcard names files only.
  const lastSegment = p.slice(p.lastIndexOf('/') + 1);
  const suffix = directory ? '/.*$' : /[*?]/.test(lastSegment) && lastSegment !== '**' ? '$' : '(?:/.*)?$';
  if (!anchored) return new RegExp(`(?:^|/)${gitGlobBody(p)}${suffix}`, 's');
  const sourceRoot = mapping.sourceRoot.replace(/\\/g, '/').replace(/^\/+/, '');
  let prefix = '';
  if (sourceRoot && p.startsWith(sourceRoot)) {
    prefix = mapping.stackRoot;
    p = p.slice(sourceRoot.length);
  } else if (!sourceRoot) prefix = mapping.stackRoot;
  prefix = prefix.replace(/\\/g, '/');
  if (prefix && !prefix.endsWith('/') && p && !p.startsWith('/')) prefix += '/';
  if (prefix.endsWith('/') && p.startsWith('/')) p = p.slice(1);
  return new RegExp(`^${escape(prefix)}${gitGlobBody(p)}${suffix}`, 's');
}
