import { describe, expect, it } from 'vitest';
import type { WorkerMessage } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/protocolVersion';
import { ENGINE } from './engine';
import { createInProcessTransport } from './inProcessTransport';

const engine = ENGINE;

describe('validate (the editor’s marks as you type)', () => {
  it('reports the same problems as load, with line and field, and runs nothing', async () => {
    const transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const messages: WorkerMessage[] = [];
    transport.listen({ message: (m) => messages.push(m), crash: () => undefined });
    transport.post({ type: 'hello', id: 1, protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false });
    const text = 'version: 1\nnodes: []\nqueues:\n  - name: a\n    parent: nowhere\n';
    transport.post({ type: 'validate', id: 2, text });
    transport.post({ type: 'load', id: 3, text, fileName: null });
    for (let i = 0; i < 200 && messages.filter((m) => m.type === 'reply').length < 3; i++) {
      await new Promise((r) => setTimeout(r, 1));
    }
    const validate = messages.find((m) => m.type === 'reply' && m.kind === 'validate');
    const load = messages.find((m) => m.type === 'reply' && m.kind === 'load');
    expect(
      validate?.type === 'reply' && validate.kind === 'validate' ? validate.result.errors : null,
    ).toEqual(
      load?.type === 'reply' && load.kind === 'load' && !load.result.ok ? load.result.errors : 'load failed',
    );
    expect(validate).toMatchObject({ result: { errors: [{ path: 'queues[0].parent', line: 5 }] } });
    expect(messages.some((m) => m.type === 'runProgress')).toBe(false);
    transport.terminate();
  });
});
