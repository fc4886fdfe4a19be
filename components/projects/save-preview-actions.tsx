import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';

/**
 * The foot of a rules form that saves and previews (ownership rules, grouping rules): its error, what was saved,
 * Save for those who manage the project and Preview for everyone, each busy while its request runs.
 */
export function SavePreviewActions(props: {
  error: string | undefined;
  saved: string | undefined;
  manage: boolean;
  pending: 'save' | 'preview' | undefined;
  labels: { save: string; preview: string };
  onPreview: () => void;
}) {
  const { error, saved, manage, pending, labels, onPreview } = props;
  return (
    <>
      <FormError message={error} />
      {saved && (
        <p role="status" className="text-sm text-success-fg">
          {saved}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {manage && (
          <Button type="submit" loading={pending === 'save'} disabled={!!pending}>
            {labels.save}
          </Button>
        )}
        <Button
          type="button"
          variant="secondary"
          loading={pending === 'preview'}
          disabled={!!pending}
          onClick={onPreview}
        >
          {labels.preview}
        </Button>
      </div>
    </>
  );
}
