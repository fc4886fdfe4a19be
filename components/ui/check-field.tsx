import type { ComponentProps, ReactNode } from 'react';
import { cn } from './cn';
import { Label } from './label';

type CheckFieldProps = Omit<ComponentProps<'input'>, 'type'> & {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
};

/** A checkbox with its label and, below the label, what turning it on does (its description for screen readers). */
export function CheckField({ name, label, hint, id = name, className, ...rest }: CheckFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className="mt-1 size-4 accent-fg"
        aria-describedby={hintId}
        {...rest}
      />
      <div>
        <Label htmlFor={id}>{label}</Label>
        {hint && (
          <p id={hintId} className="text-xs text-fg-muted">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}
