// The transaction profile sentry-python 1.9.10 recorded (tests/fixtures/profiles), with its times moved to now (the
// recording keeps its shape; only the clock differs): the envelope's header and its profile and transaction items.
import fs from 'node:fs';
import path from 'node:path';

const FILE = path.join(import.meta.dirname, '../fixtures/profiles/sentry-python-1.9.10-transaction-profile.envelope');

export function recordedPythonProfile() {
  const [header, , profileText, , txText] = fs.readFileSync(FILE, 'utf8').split('\n');
  const profile = JSON.parse(profileText);
  const tx = JSON.parse(txText);
  const shift = Date.now() - Date.parse(tx.timestamp);
  const moved = (iso: string) => new Date(Date.parse(iso) + shift).toISOString();
  profile.timestamp = moved(profile.timestamp);
  tx.timestamp = moved(tx.timestamp);
  tx.start_timestamp = moved(tx.start_timestamp);
  for (const sp of tx.spans) {
    sp.start_timestamp = moved(sp.start_timestamp);
    sp.timestamp = moved(sp.timestamp);
  }
  return {
    header: JSON.parse(header) as object,
    tx,
    items: [
      { header: { type: 'profile' }, payload: profile },
      { header: { type: 'transaction' }, payload: tx },
    ],
  };
}
