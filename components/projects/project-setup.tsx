'use client';

import type { ReactNode } from 'react';
import Link from 'next/link';
import { useProject } from '@/lib/swr/use-projects';
import { useFirstIssue } from '@/lib/swr/use-first-issue';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { CodeBlock } from '@/components/ui/code-block';
import { DsnField, NATIVE_DSN_HINT, NATIVE_DSN_LABEL, SENTRY_DSN_HINT, SENTRY_DSN_LABEL } from './dsn-field';
import { browserSnippet, curlSnippet, fetchSnippet } from './snippets';
import { platformOf } from '@/lib/projects/platforms';
import { useOrigin } from '@/components/ui/use-origin';
import { SetupAlerts } from './setup-alerts';

/** The project's DSN and the snippets that send its first event. */
export function ProjectSetup({ projectId }: { projectId: string }) {
  const { project, error, isLoading } = useProject(projectId);
  const { issue: firstIssue } = useFirstIssue(projectId);
  const origin = useOrigin();

  if (error) return <ErrorState error={error} title="Could not load the project" />;
  if (isLoading || !project || !origin) return <LoadingState label="Loading project" />;

  const key = project.keys.find((k) => k.enabled) ?? project.keys[0];
  const platform = platformOf(project.platform);
  const base = `/projects/${encodeURIComponent(project.id)}`;
  return (
    <div className="space-y-6">
      {/* Polite status: the page changes under the reader's eyes when the first event lands. */}
      <div role="status" aria-live="polite" aria-atomic="true" data-testid="onboarding-status">
        {firstIssue ? (
          <div data-testid="first-event-received">
            <p className="text-sm font-medium text-success-fg">Done</p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight">First event received</h1>
            <p className="mt-2 text-sm text-fg-muted">
              <Link
                href={`${base}/issues/${encodeURIComponent(firstIssue.id)}`}
                className="font-medium break-words text-link underline underline-offset-4"
                data-testid="open-first-issue"
              >
                {firstIssue.title} → open it
              </Link>
            </p>
          </div>
        ) : (
          <div>
            <p className="text-sm font-medium text-link">Step 2 of 2</p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight">Send your first event to {project.name}</h1>
            <p className="mt-2 text-sm text-fg-muted">
              Paste one of these into your app. This page updates by itself when the first event arrives.
            </p>
          </div>
        )}
      </div>

      <SetupAlerts projectId={project.id} />

      {!key ? (
        <Card>
          <p className="text-sm">
            This project has no client key.{' '}
            <Link className="font-medium text-link underline" href={`${base}/settings`}>
              Create one in settings
            </Link>
            .
          </p>
        </Card>
      ) : (
        <>
          <Card className="space-y-3">
            <h2 className="text-base font-semibold">Your DSN</h2>
            <p className="text-sm text-fg-muted">
              The DSN tells the Sentry SDK where to send events. It contains the public key of &ldquo;{key.label}
              &rdquo;, which can only send events, never read them.
            </p>
            <DsnField
              label={SENTRY_DSN_LABEL}
              value={key.sentryDsn}
              copyLabel="Copy DSN for Sentry SDKs"
              testId="sentry-dsn"
              hint={SENTRY_DSN_HINT}
            />
          </Card>

          {platform.init && (
            <Card className="space-y-4" data-testid="platform-setup">
              <div>
                <h2 className="text-base font-semibold">
                  {platform.label}: {platform.sdk}
                </h2>
                <p className="mt-1 text-sm text-fg-muted">
                  Sentry&rsquo;s SDK for {platform.label}, pointed at this project with its Sentry SDK DSN.
                </p>
              </div>
              {platform.install && (
                <SetupStep title={platform.install.label}>
                  <CodeBlock
                    code={platform.install.code}
                    label={`${platform.label} install`}
                    testId="snippet-platform-install"
                  />
                </SetupStep>
              )}
              <SetupStep title={platform.init.label}>
                <CodeBlock
                  code={platform.init.code(key.sentryDsn)}
                  label={`${platform.label} init`}
                  testId="snippet-platform-init"
                />
              </SetupStep>
            </Card>
          )}

          <Card className="space-y-5" data-testid="native-setup">
            <div className="space-y-3">
              <div>
                <h2 className="text-base font-semibold">Without a Sentry SDK: the native protocol</h2>
                <p className="mt-1 text-sm text-fg-muted">
                  This server&rsquo;s own browser library and plain JSON over HTTP, with the native protocol DSN.
                </p>
              </div>
              <DsnField
                label={NATIVE_DSN_LABEL}
                value={key.dsn}
                copyLabel="Copy native protocol DSN"
                testId="dsn"
                hint={NATIVE_DSN_HINT}
              />
            </div>
            <SetupStep
              title="Browser: the script tag"
              note="Put it first in <head> so it sees errors thrown by the scripts that follow."
            >
              <CodeBlock code={browserSnippet(origin, key.dsn)} label="Browser snippet" testId="snippet-browser" />
            </SetupStep>
            <SetupStep
              title="Anywhere: a plain HTTP request"
              note={
                <>
                  POST one JSON envelope per event with the key in the <code className="font-mono">X-Ingest-Auth</code>{' '}
                  header.
                </>
              }
            >
              <CodeBlock
                code={fetchSnippet(origin, project.id, key.publicKey)}
                label="fetch snippet"
                testId="snippet-fetch"
              />
              <CodeBlock
                code={curlSnippet(origin, project.id, key.publicKey)}
                label="curl snippet"
                testId="snippet-curl"
              />
            </SetupStep>
          </Card>
        </>
      )}

      <div className="flex flex-wrap gap-3">
        <Link href={`${base}/issues`} className={buttonClasses('primary')}>
          Go to issues
        </Link>
        <Link href={`${base}/settings`} className={buttonClasses('secondary')}>
          Project settings
        </Link>
      </div>
    </div>
  );
}

/** One step of the setup: what it is, a note, and its code to copy. */
function SetupStep({ title, note, children }: { title: string; note?: ReactNode; children: ReactNode }) {
  return (
    <div className="space-y-1.5">
      <h3 className="text-sm font-medium">{title}</h3>
      {note && <p className="text-sm text-fg-muted">{note}</p>}
      {children}
    </div>
  );
}
