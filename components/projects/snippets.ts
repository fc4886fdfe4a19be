/** The copy-paste snippets shown on a project's setup page. */
export function browserSnippet(origin: string, dsn: string) {
  return `<script src="${origin}/sdk/browser.js"></script>
<script>
  Tracker.init({ dsn: '${dsn}' });
</script>`;
}

const sampleEnvelope = {
  exception: {
    type: 'Error',
    value: 'Hello from my first event',
    stacktrace: { frames: [{ filename: 'app.js', function: 'main', lineno: 1, colno: 1 }] },
  },
  level: 'error',
};

export function ingestUrl(origin: string, projectId: string) {
  return `${origin}/api/v1/ingest/${encodeURIComponent(projectId)}/envelope`;
}

export function fetchSnippet(origin: string, projectId: string, publicKey: string) {
  return `await fetch('${ingestUrl(origin, projectId)}', {
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    'X-Ingest-Auth': 'ingest_key=${publicKey}',
  },
  body: JSON.stringify(${JSON.stringify(sampleEnvelope, null, 2).replace(/\n/g, '\n  ')}),
});`;
}

/** One option a line, the body pretty-printed inside its quotes: no line wider than a laptop's code block. */
export function curlSnippet(origin: string, projectId: string, publicKey: string) {
  const body = JSON.stringify(sampleEnvelope, null, 2);
  return `curl -X POST '${ingestUrl(origin, projectId)}' \\
  -H 'Content-Type: application/json' \\
  -H 'X-Ingest-Auth: ingest_key=${publicKey}' \\
  -d '${body}'`;
}
