import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { ValidAuthorization } from '@/lib/oauth/authorize';

type Org = { id: string; name: string };

/**
 * The OAuth consent form (#63): a plain form that posts without the page's script (the code it leads to is a secret,
 * like the sign-in forms' fields). The authorization request travels in hidden fields and is checked again on post.
 */
export function ConsentForm({
  request,
  raw,
  orgs,
  notice,
}: {
  request: ValidAuthorization;
  raw: Record<string, string>;
  orgs: Org[];
  notice?: string;
}) {
  const canWrite = request.scopes.includes('write');
  return (
    <form method="post" action="/api/forms/oauth-consent" className="space-y-4">
      {Object.entries(raw).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label className="block text-sm">
        <span className="font-medium">Organization</span>
        <select name="orgId" className="mt-1 block w-full rounded-md border border-line-strong bg-surface p-2">
          {orgs.map((o) => (
            <option key={o.id} value={o.id}>
              {o.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="space-y-1 text-sm">
        <legend className="font-medium">Access</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="access" value="read" defaultChecked />
          Read issues, events, traces, logs, replays and profiles
        </label>
        {canWrite && (
          <label className="flex items-center gap-2">
            <input type="radio" name="access" value="write" />
            Read, and resolve, assign and comment on issues
          </label>
        )}
      </fieldset>
      <p className="text-xs text-fg-muted">
        You will be sent back to <code className="break-all">{new URL(request.redirectUri).origin}</code>. Revoke this
        access any time in Settings → Security.
      </p>
      <FormError message={notice} />
      <div className="flex gap-2">
        <Button type="submit" name="decision" value="allow" className="flex-1">
          Allow
        </Button>
        <Button type="submit" name="decision" value="deny" variant="secondary" className="flex-1">
          Deny
        </Button>
      </div>
    </form>
  );
}
