import { AuthCard } from '@/components/auth/auth-card';
import { TextLink } from '@/components/ui/text-link';

/** Why an invite link cannot be used, and what to do instead. */
export function InviteProblem({ message }: { message: string }) {
  return (
    <AuthCard title="This invite cannot be used" footer={<TextLink href="/login">Go to log in</TextLink>}>
      <p role="alert" className="rounded-md bg-danger-soft p-3 text-sm text-danger-fg" data-testid="invite-problem">
        {message}
      </p>
      <p className="mt-4 text-sm text-fg-secondary">Ask an admin of the organization to send you a new invite.</p>
    </AuthCard>
  );
}
