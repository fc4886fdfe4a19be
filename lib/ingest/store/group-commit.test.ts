// The order group commit keeps between one batch's commit and the next batch (a writer of its own, no database).
import { describe, expect, it } from 'vitest';
import { drainBatches, groupCommit, type BatchWriter } from './group-commit';

function recordingWriter(name: string, afterCommit?: BatchWriter<number, number>['afterCommit']) {
  const order: string[] = [];
  const gates = new Map<number, () => void>();
  const writer: BatchWriter<number, number> = {
    name,
    async write(items) {
      order.push(`write ${items.join(',')}`);
      await new Promise<void>((resolve) => gates.set(items[0], resolve));
      order.push(`commit ${items.join(',')}`);
      return items.map((i) => i * 10);
    },
    refused: (err) => ({ failed: err }),
    expected: () => false,
    afterCommit,
  };
  return { order, gates, submit: groupCommit(writer) };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit: the next batch goes before the answers', () => {
  it.each([
    ['without after-commit work', undefined],
    ['with after-commit work', async () => {}],
  ])('%s: what queued while a batch was in flight is written before that batch is answered', async (label, after) => {
    const { order, gates, submit } = recordingWriter(`order ${label}`, after);
    const first = submit(1).then((o) => order.push(`answer 1 = ${o}`));
    await turn();
    expect(order).toEqual(['write 1']);
    const queued = [submit(2), submit(3)].map((p, i) => p.then((o) => order.push(`answer ${i + 2} = ${o}`)));
    gates.get(1)!();
    await first;
    expect(order).toEqual(['write 1', 'commit 1', 'write 2,3', 'answer 1 = 10']);
    gates.get(2)!();
    await Promise.all([first, ...queued]);
    expect(order).toEqual([
      'write 1',
      'commit 1',
      'write 2,3',
      'answer 1 = 10',
      'commit 2,3',
      'answer 2 = 20',
      'answer 3 = 30',
    ]);
    await drainBatches();
  });

  it('drainBatches waits for the answers given after the commit', async () => {
    const { order, gates, submit } = recordingWriter('order drain');
    void submit(7).then((o) => order.push(`answer 7 = ${o}`));
    await turn();
    gates.get(7)!();
    await drainBatches();
    expect(order).toEqual(['write 7', 'commit 7', 'answer 7 = 70']);
  });
});
