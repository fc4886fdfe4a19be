'use client';

import { useState } from 'react';
import type { ZodType } from 'zod';
import { ApiError } from '@/lib/swr/fetcher';
import { describeFieldIssue } from '@/lib/text/field-names';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';

/** A textarea's lines (or comma-separated items), trimmed, empty ones dropped. */
export const lines = (text: FormDataEntryValue | null) =>
  String(text ?? '')
    .split(/[\n,]/)
    .map((l) => l.trim())
    .filter(Boolean);

export function ListField({
  name,
  label,
  hint,
  defaultValue,
}: {
  name: string;
  label: string;
  hint: string;
  defaultValue: string[];
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={name}>{label}</Label>
      <Textarea
        mono
        id={name}
        name={name}
        rows={3}
        defaultValue={defaultValue.join('\n')}
        aria-describedby={`${name}-hint`}
      />
      <p id={`${name}-hint`} className="text-xs text-fg-muted">
        {hint}
      </p>
    </div>
  );
}

/**
 * A settings card's submit: the form's values checked with the API's own schema (the first problem shown as the
 * field a person sees), then saved, with a status line once saved.
 */
export function useSettingsSave<T>(schema: ZodType<T>, save: (input: T) => Promise<unknown>, savedMessage: string) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState('');
  async function submit(raw: unknown) {
    setError(undefined);
    setSaved('');
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return setError(issue ? describeFieldIssue(String(issue.path[0] ?? ''), issue.message) : 'Check the settings');
    }
    setPending(true);
    try {
      await save(parsed.data);
      setSaved(savedMessage);
    } catch (err) {
      setError(
        err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.',
      );
    } finally {
      setPending(false);
    }
  }
  return { pending, error, saved, submit };
}
