'use client';

import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { LoadError, Skeleton, SkeletonRows } from '@/components/ui/states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { redirectToBilling, useBilling } from '@/lib/swr/use-billing';
import { USAGE_REFRESH_MS, useUsage } from '@/lib/swr/use-usage';
import { UsageMeter } from './usage-meter';
import { BillingNotConfigured, CheckoutReturn } from './billing-notices';
import { useAction } from '@/components/ui/use-action';
import { useRole } from '@/lib/swr/use-me';
import { RoleNote } from '@/components/orgs/role-note';
import { PageHeader } from '@/components/ui/page-header';

/** The organization's plan (upgrade, manage in Stripe) and this month's usage. */
export function BillingView() {
  const checkout = useSearchParams().get('checkout');
  // After a paid checkout the webhook may land a moment later: poll until the plan says PRO.
  const billing = useBilling({
    refreshInterval: (data) => (checkout === 'success' && data?.plan !== 'PRO' ? 2000 : 0),
  });
  const waitingForUpgrade = checkout === 'success' && billing.data?.plan !== 'PRO';
  const usage = useUsage({ refreshInterval: waitingForUpgrade ? 2000 : USAGE_REFRESH_MS });
  const [pending, setPending] = useState<'checkout' | 'portal'>();
  const { error: actionError, run } = useAction();

  async function go(kind: 'checkout' | 'portal') {
    setPending(kind);
    // Success leaves the page for Stripe: the button stays busy until it does.
    if (!(await run(() => redirectToBilling(kind)))) setPending(undefined);
  }

  const summary = billing.data;
  const isOwner = useRole().can('OWNER');
  const disabled = !summary?.configured || !isOwner;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Billing"
        description={
          billing.data?.unlimited
            ? 'This month’s event usage. This server has no plans to choose from.'
            : 'Your organization’s plan and this month’s event usage.'
        }
      />

      <CheckoutReturn outcome={checkout} plan={summary?.plan} />

      {billing.error ? (
        <LoadError what="the billing summary" error={billing.error} onRetry={() => billing.mutate()} />
      ) : (
        <Card>
          <section aria-labelledby="plan-heading" aria-busy={!summary} className="space-y-4">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <div>
                <h2 id="plan-heading" className="flex items-center gap-2 text-lg font-semibold">
                  Plan
                  {/* Without plan limits the stored plan changes nothing: the badge says what applies. */}
                  {summary && (
                    <Badge
                      tone={summary.unlimited ? 'green' : summary.plan === 'PRO' ? 'blue' : 'neutral'}
                      data-testid="billing-plan"
                    >
                      {summary.unlimited ? 'No limits' : summary.plan}
                    </Badge>
                  )}
                </h2>
                {summary?.unlimited ? (
                  <p className="mt-1 text-sm text-fg-secondary" data-testid="billing-unlimited">
                    Unlimited: this self-hosted server runs without plan limits (PLAN_LIMITS=off), so no monthly quota
                    and no project limit apply.
                  </p>
                ) : summary ? (
                  <p className="mt-1 text-sm text-fg-secondary">
                    {summary.limits.monthlyEvents.toLocaleString('en-US')} events a month ·{' '}
                    {summary.limits.projects === null
                      ? 'unlimited projects'
                      : `${summary.limits.projects} project${summary.limits.projects === 1 ? '' : 's'}`}
                  </p>
                ) : (
                  <Skeleton className="mt-2 h-4 w-56" />
                )}
              </div>
              {summary && (
                <div className="flex flex-wrap gap-2">
                  {summary.plan === 'FREE' && !summary.unlimited && (
                    <Button
                      onClick={() => go('checkout')}
                      loading={pending === 'checkout'}
                      disabled={disabled || pending !== undefined}
                    >
                      Upgrade to PRO
                    </Button>
                  )}
                  {summary.hasCustomer && (
                    <Button
                      variant="secondary"
                      onClick={() => go('portal')}
                      loading={pending === 'portal'}
                      disabled={disabled || pending !== undefined}
                    >
                      Manage billing
                    </Button>
                  )}
                </div>
              )}
            </div>
            {summary && !isOwner && <RoleNote min="OWNER" what="change the plan or manage billing" />}
            {summary?.plan === 'FREE' && !summary.unlimited && (
              <p className="text-sm text-fg-muted">
                PRO lifts the quota to 500,000 events a month and removes the project limit, at once.
              </p>
            )}
            <FormError message={actionError} />
            {summary && !summary.configured && !summary.unlimited && <BillingNotConfigured />}
          </section>
        </Card>
      )}

      {usage.error ? (
        <LoadError what="usage" error={usage.error} onRetry={() => usage.mutate()} />
      ) : (
        <Card>
          <section aria-labelledby="usage-heading" aria-busy={!usage.data}>
            <h2 id="usage-heading" className="mb-4 text-lg font-semibold">
              Usage this month
            </h2>
            {usage.data ? (
              <UsageMeter usage={usage.data} />
            ) : (
              <SkeletonRows label="Loading usage…" rows={2} rowClassName="h-6" card={false} />
            )}
          </section>
        </Card>
      )}
    </div>
  );
}
