import { validationError, type FieldIssue } from '@/lib/errors';

// The bound parameters of the one statement a query makes (#61): every value a person typed becomes `$n`, never text
// in the SQL.
export class Params {
  readonly values: unknown[] = [];

  /** Another list starting with these values, for a second statement over the same conditions. */
  clone(): Params {
    const p = new Params();
    p.values.push(...this.values);
    return p;
  }

  /** `$n` holding `value` (with a cast, when the type must be said). */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}

/**
 * A refusal of one part of the query: where (`aggregates`, `groupBy`…), why, and in the filter where. The path is
 * under `query`, as the route's own parse of the query string (or a saved query's body) names the same parts.
 */
export const refuse = (issue: FieldIssue): never => {
  throw validationError([{ ...issue, path: ['query', ...issue.path] }]);
};

/** A LIKE pattern of a value with `*` wildcards: everything else matches itself. */
export function likePattern(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

/** A LIKE pattern finding `text` anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
