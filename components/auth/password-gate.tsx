import { connection } from 'next/server';
import { passwordOffMessage, passwordSignInEnabled, signupDomains } from '@/lib/auth/instance-rules';

/** The password (and passcode) forms, or, with PASSWORD_SIGNIN=false, why there are none (#35). */
export async function PasswordGate({ children, signup = false }: { children: React.ReactNode; signup?: boolean }) {
  // The instance's rules follow the server's environment at run time, not the build's.
  await connection();
  if (!passwordSignInEnabled()) {
    return (
      <p role="status" className="rounded-md bg-surface-hover p-3 text-sm text-fg-secondary" data-testid="password-off">
        {passwordOffMessage()}.
      </p>
    );
  }
  const domains = signup ? signupDomains() : null;
  return (
    <>
      {domains && (
        <p className="mb-4 text-sm text-fg-secondary" data-testid="signup-domains">
          Accounts on this server are for email addresses at {domains.join(', ')}.
        </p>
      )}
      {children}
    </>
  );
}
