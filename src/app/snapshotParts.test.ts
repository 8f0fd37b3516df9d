import { describe, expect, it } from 'vitest';
import { createSimulationClient } from '../client/SimulationClient';
import { findBuiltinScenario } from '../scenarios/builtinScenarios';
import { ENGINE as engine } from '../worker/engine';
import { createInProcessTransport } from '../worker/inProcessTransport';

const welcome = findBuiltinScenario('welcome')!.text;

// Issue 13: big snapshots travel in `replyPart` messages (one main-thread task each); the client must give
// the caller exactly the view a single reply would have carried.
describe('snapshot replies in parts', () => {
  it('sends a big snapshot in parts ahead of its reply, and the client puts it back together in order', async () => {
    const client = createSimulationClient(() => createInProcessTransport(engine, { snapshotPartItems: 2 }));
    const whole = createSimulationClient(() => createInProcessTransport(engine));
    try {
      const loaded = await client.load(welcome, null);
      const reference = await whole.load(welcome, null);
      if (!loaded.ok || !reference.ok) throw new Error('welcome does not load');
      const view = await client.snapshot(loaded.runId, 1);
      const expected = await whole.snapshot(reference.runId, 1);
      expect(view.jobs.length).toBeGreaterThan(2);
      expect(view.jobs).toEqual(expected.jobs);
      expect(view.tasks).toEqual(expected.tasks);
      expect(view).toEqual(expected);
      // Decisions travel in parts too (decision 0365): a session with more than a part's worth.
      let most = 0;
      for (let index = 1; index <= 7; index++) {
        const [parted, one] = [
          await client.snapshot(loaded.runId, index),
          await whole.snapshot(reference.runId, index),
        ];
        expect(parted).toEqual(one);
        most = Math.max(most, one.decisions.length);
      }
      expect(most).toBeGreaterThan(2);
    } finally {
      client.dispose();
      whole.dispose();
    }
  });
});
