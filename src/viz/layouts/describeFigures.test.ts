import { describe, expect, it } from 'vitest';
import type { SessionFigures } from '../../engine/model/snapshot';
import { describeGpuFigures, describeSessionFigures } from './describeFigures';

const figures = (gpus: SessionFigures['gpus'], reserved = { gpus: 0, tasks: 0, jobs: [] as string[] }) =>
  ({ gpus, tasks: {}, reserved }) as unknown as SessionFigures;

describe('describeSessionFigures', () => {
  it('starts with the cluster size, then the figures after the session', () => {
    const f = figures({ total: 16, running: 12, pipelined: 0, releasing: 0, idle: 4 });
    expect(describeSessionFigures(f, 4)).toBe('4 nodes, 16 GPUs · after the session: 12 running · 4 idle');
    expect(describeGpuFigures(f)).toBe('12 of 16 GPUs running · 4 idle');
  });

  it('says one node in the singular and keeps the reservation with its moment', () => {
    const f = figures(
      { total: 4, running: 2, pipelined: 2, releasing: 2, idle: 0 },
      { gpus: 2, tasks: 2, jobs: ['big-training'] },
    );
    expect(describeSessionFigures(f, 1)).toBe(
      '1 node, 4 GPUs · after the session: 2 running · 2 pipelined · 2 releasing · 0 idle' +
        ' · at the attempt: 2 GPUs reserved for big-training, released when the session closed',
    );
  });
});
