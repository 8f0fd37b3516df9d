/** The workshop requests through the in-process transport: compare two variants, run one, refuse unknown names. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSimulationClient } from '../client/SimulationClient';
import type { FrontierPoint } from '../engine/index';
import { ENGINE } from '../worker/engine';
import { createInProcessTransport } from '../worker/inProcessTransport';

const engine = ENGINE;
const TEXT = readFileSync(new URL('../scenarios/workshop-lca-or-queue.yaml', import.meta.url), 'utf8');

describe('workshop requests', () => {
  it('compares base with queue: first divergence at session 3, figures per side, CSV', async () => {
    const client = createSimulationClient(() => createInProcessTransport(engine, { chunkBudgetMs: 0 }));
    const r = await client.workshopCompare(TEXT, 'base', 'queue');
    if (!r.ok) throw new Error(r.errors.map((e) => e.text).join('\n'));
    expect(r.text).toBe(
      'first divergence: session 3, train-1 evicted in B, protected in A; sweep-1 pipelined on node-0 in B, not in A',
    );
    expect([r.a.metrics.summary.gpuMsLost, r.b.metrics.summary.gpuMsLost]).toEqual([1_200_000, 240_000]);
    expect(r.a.sessions).toHaveLength(37);
    expect(r.b.csv.startsWith('Time,QueueID,Allocation,FairShare,')).toBe(true);
    client.dispose();
  });

  it('runs one variant to a summary; an unknown name is an answer, not a crash', async () => {
    const client = createSimulationClient(() => createInProcessTransport(engine, { chunkBudgetMs: 0 }));
    const r = await client.workshopRun(TEXT, 'lca-60s');
    expect(r.ok && r.summary.evictions).toBe(1);
    const bad = await client.workshopRun(TEXT, 'nope');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.errors[0]?.text).toBe(
      'variant "nope" does not exist (variants: base, queue, lca-60s, queue-5m)',
    );
    client.dispose();
  });

  it('a sweep point over seeds and a malformed frontier request, through the host', async () => {
    const client = createSimulationClient(() => createInProcessTransport(engine, { chunkBudgetMs: 0 }));
    const bad = await client.workshopPoint({ text: TEXT, variant: 'queue', seeds: 0 });
    expect(!bad.ok && bad.errors[0]?.path).toBe('seeds');
    await expect(client.workshopFrontier([{ label: 'x' } as FrontierPoint])).rejects.toMatchObject({
      code: 'bad-request',
    });
    client.dispose();
  });

  it('a host without the workshop refuses the request as a bad request', async () => {
    const { workshop: _, ...plain } = engine;
    const client = createSimulationClient(() => createInProcessTransport(plain, { chunkBudgetMs: 0 }));
    await expect(client.workshopRun(TEXT, 'base')).rejects.toMatchObject({ code: 'bad-request' });
    client.dispose();
  });
});
