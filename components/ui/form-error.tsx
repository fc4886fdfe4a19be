import { cn } from './cn';

/** A message for the whole form or one field; announced to screen readers when it appears. */
export function FormError({ id, message, className }: { id?: string; message?: string; className?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className={cn('text-sm text-danger', className)}>
      {message}
    </p>
  );
}
