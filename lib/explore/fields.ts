// A key of a query resolved against its dataset (#61): one of its fields, or (where the dataset has them) an
// attribute, tag or span data key, whose name is bound as a parameter.
import type { Dataset, Field, FieldType } from './dataset';
import { refuse, type Params } from './params';

export type Resolved =
  | { kind: 'field'; name: string; field: Field }
  | { kind: 'attribute'; name: string; keyParam: string; needs?: readonly string[] };

/** The known fields of a dataset in a sentence, for a refusal. */
export const fieldList = (d: Dataset) => d.fields.map((f) => f.name).join(', ');

/** `path`: where the key was written (the refusal points there). */
export function resolveKey(
  d: Dataset,
  key: string,
  at: { params: Params; path: (string | number)[]; position?: number },
) {
  const field = d.fields.find((f) => f.name === key);
  if (field) return { kind: 'field', name: key, field } as Resolved;
  if (!d.attributes)
    return refuse({
      path: at.path,
      position: at.position,
      message: `Unknown field "${key}" for ${d.name}: use ${fieldList(d)}`,
    });
  const keyParam = at.params.add(d.attributes.bind ? d.attributes.bind(key) : key);
  return { kind: 'attribute', name: key, keyParam, needs: d.attributes.needs } as Resolved;
}

/** The key's value as text (what it groups and compares equal by). */
export function textSql(d: Dataset, r: Resolved): string {
  return r.kind === 'field' ? `(${r.field.sql})::text` : d.attributes!.text(r.keyParam, r.name);
}

/** The key's value as a number, or null when it is a text field (a number aggregate refuses it). */
export function numberSql(d: Dataset, r: Resolved): string | null {
  if (r.kind === 'attribute') return d.attributes!.number(r.keyParam, r.name);
  return r.field.type === 'string' ? null : `(${r.field.sql})::float8`;
}

export const typeOf = (r: Resolved): FieldType | 'attribute' => (r.kind === 'field' ? r.field.type : 'attribute');

/** Adds to `needs` what a key (or a dataset's part) needs of the dataset's `from`. */
export function addNeeds(needs: Set<string>, r: Resolved | readonly string[] | undefined): void {
  const list = r === undefined || !('kind' in r) ? r : r.kind === 'field' ? r.field.needs : r.needs;
  for (const n of list ?? []) needs.add(n);
}
