const STRIPE_VARS = ['STRIPE_SECRET_KEY', 'STRIPE_PRICE_ID', 'STRIPE_WEBHOOK_SECRET'];

/** Back from Stripe's checkout: paid (the plan follows once Stripe confirms) or cancelled. */
export function CheckoutReturn({ outcome, plan }: { outcome: string | null; plan: 'FREE' | 'PRO' | undefined }) {
  if (outcome === 'success') {
    return (
      <div
        role="status"
        className="rounded-xl border border-success-line bg-success-soft px-4 py-3 text-sm text-success-fg"
      >
        <p className="font-semibold">Payment received, thank you.</p>
        <p>
          {plan === 'PRO'
            ? 'Your organization is on PRO: 500,000 events a month and unlimited projects.'
            : 'Your plan switches to PRO as soon as Stripe confirms the payment, usually within seconds.'}
        </p>
      </div>
    );
  }
  if (outcome === 'cancelled') {
    return (
      <div
        role="status"
        className="rounded-xl border border-line-strong bg-surface px-4 py-3 text-sm text-fg-secondary"
      >
        <p className="font-semibold">Checkout cancelled.</p>
        <p>Nothing was charged and your plan is unchanged.</p>
      </div>
    );
  }
  return null;
}

/** For the operator: what Stripe needs, or how to run without plans. */
export function BillingNotConfigured() {
  return (
    <div
      data-testid="billing-not-configured"
      className="rounded-lg border border-warning-line bg-warning-soft px-4 py-3 text-sm text-warning-fg"
    >
      <p className="font-semibold">Billing is not configured on this server.</p>
      <p className="mt-1">
        Upgrading and managing a subscription need Stripe. The operator sets{' '}
        {STRIPE_VARS.map((v, i) => (
          <span key={v}>
            <code className="font-mono font-semibold">{v}</code>
            {i < STRIPE_VARS.length - 2 ? ', ' : i === STRIPE_VARS.length - 2 ? ' and ' : ''}
          </span>
        ))}{' '}
        in the environment and restarts the service. Until then everything else works, on the current plan’s limits.
      </p>
      <p className="mt-1">
        Running your own server for your own team? Set <code className="font-mono font-semibold">PLAN_LIMITS=off</code>{' '}
        instead: no quota and no project limit.
      </p>
    </div>
  );
}
