import { Label } from '@/components/ui/label';

/** A textarea's lines (or comma-separated items), trimmed, empty ones dropped. */
export const lines = (text: FormDataEntryValue | null) =>
  String(text ?? '')
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

export function Check({ name, label, hint, ...rest }: { name: string; label: string; hint: string; defaultChecked: boolean; disabled?: boolean }) {
  return (
    <div className="flex items-start gap-3">
      <input id={name} name={name} type="checkbox" className="mt-1 size-4 accent-fg" aria-describedby={`${name}-hint`} {...rest} />
      <div>
        <Label htmlFor={name}>{label}</Label>
        <p id={`${name}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      </div>
    </div>
  );
}

export function ListField({ name, label, hint, defaultValue }: { name: string; label: string; hint: string; defaultValue: string[] }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={name}>{label}</Label>
      <textarea
        id={name}
        name={name}
        rows={3}
        defaultValue={defaultValue.join('\n')}
        aria-describedby={`${name}-hint`}
        className="block w-full rounded-md border border-line-strong bg-surface px-3 py-2 font-mono text-sm text-fg shadow-xs focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-focus/30 disabled:bg-surface-hover"
      />
      <p id={`${name}-hint`} className="text-xs text-fg-muted">
        {hint}
      </p>
    </div>
  );
}
