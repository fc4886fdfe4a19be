import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

/** The form-wide error, then submit and cancel. */
export function RuleFormActions({
  editing,
  pending,
  formError,
  onCancel,
}: {
  editing: boolean;
  pending: boolean;
  formError?: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormError message={formError} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={pending}>
          {editing ? 'Save changes' : 'Create rule'}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </div>
    </>
  );
}
