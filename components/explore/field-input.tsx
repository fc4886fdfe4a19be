'use client';

import { Input } from '@/components/ui/input';

/** A field or attribute name: the dataset's fields offered (a datalist), any other key typed. */
export function FieldInput({
  label,
  list,
  value,
  onChange,
  placeholder,
}: {
  label: string;
  list: string;
  value: string;
  onChange: (v: string) => void;
  placeholder: string;
}) {
  return (
    <div className="w-56 max-w-full">
      <Input
        aria-label={label}
        list={list}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
      />
    </div>
  );
}

/** The fields a field input offers (`list` names it). */
export function FieldsDatalist({ id, fields }: { id: string; fields: { name: string; description: string }[] }) {
  return (
    <datalist id={id}>
      {fields.map((f) => (
        <option key={f.name} value={f.name}>
          {f.description}
        </option>
      ))}
    </datalist>
  );
}
