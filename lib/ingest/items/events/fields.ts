// What the one scrubber reads of an error event and of a transaction, in our envelope shape
// (lib/envelope/schemas.ts), after validation.
import type { ItemFields } from '@/lib/ingest/enrich/scrubbing/item-fields';

/** The fields of a stack frame, under `prefix` (`exception.stacktrace.frames[]`). */
function frameFields(prefix: string): { text: string[]; code: string[] } {
  return {
    text: ['filename', 'abs_path', 'function', 'module'].map((f) => `${prefix}.${f}`),
    code: ['context_line', 'pre_context[]', 'post_context[]'].map((f) => `${prefix}.${f}`),
  };
}
const thrown = frameFields('exception.stacktrace.frames[]');
const causes = frameFields('exception.causes[].stacktrace.frames[]');

export const ERROR_FIELDS: ItemFields = {
  text: [
    'exception.type',
    'exception.value',
    'exception.module',
    'exception.mechanism.description',
    ...thrown.text,
    'exception.causes[].type',
    'exception.causes[].value',
    'exception.causes[].module',
    'exception.causes[].mechanism.description',
    ...causes.text,
    'logentry.message',
    'logentry.formatted',
    'breadcrumbs[].message',
    'fingerprint[]',
    'transaction',
    'server_name',
    'request.url',
    'request.query_string',
    'user.id',
    'user.email',
    'user.username',
  ],
  code: [...thrown.code, ...causes.code],
  map: ['logentry.params', 'breadcrumbs[].data', 'tags', 'request.headers', 'request.data', 'contexts', 'extra'],
  cookies: ['request.cookies'],
};

/** A transaction's name may be a URL with a token in it. */
export const TRANSACTION_FIELDS: ItemFields = { text: ['name'] };

/** A browser security report kept beside its event (lib/envelope/security): its URLs and samples are free text. */
export const SECURITY_FIELDS: ItemFields = {
  text: ['blocked_uri', 'document_uri', 'referrer', 'source_file', 'script_sample', 'original_policy'].map(
    (f) => `report.${f}`,
  ),
  map: ['report'],
};
