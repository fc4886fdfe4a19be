/** The outcome of a page action: announced politely to screen readers, and an error shown as an alert. */
export function ActionFeedback({ announcement, error }: { announcement: string; error?: string | null }) {
  return (
    <>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      {error && (
        <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg">
          {error}
        </p>
      )}
    </>
  );
}
