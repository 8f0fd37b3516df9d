/**
 * One scenario on several profiles (decision 0289): the welcome lesson's reclaim waits for KAI's
 * min-runtime until session 3, while Volcano (no min-runtime) reclaims at once; the first divergence is
 * session 1 and names what each profile did; the comparison is the same, byte for byte, every time.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../scenario/parseScenario';
import { compareProfiles } from './compareProfiles';

const WELCOME = readFileSync(
  new URL('../../../scenarios/welcome-reclaim-waits.yaml', import.meta.url),
  'utf8',
);

function welcome() {
  const parsed = parseScenario(WELCOME);
  if (!parsed.ok) throw new Error('the welcome scenario does not parse');
  return parsed.scenario;
}

describe('compareProfiles', () => {
  it('shows KAI waiting for min-runtime where Volcano reclaims at once', () => {
    const c = compareProfiles(welcome(), ['kai', 'volcano']);
    const row = (job: string) => c.jobs.find((r) => r.job === job)?.cells;
    expect(row('sweep-1')?.['kai']).toMatchObject({ state: 'evicted', session: 3 });
    expect(row('sweep-1')?.['kai']?.text).toMatch(/^evicted at session 3 \(t=20s\) by reclaim for train-b/);
    expect(row('sweep-2')?.['volcano']).toMatchObject({ state: 'evicted', session: 1 });
    expect(row('train-b')?.['kai']).toMatchObject({ state: 'runs', session: 3 });
    expect(c.firstDivergence?.session).toBe(1);
    expect(c.firstDivergence?.jobs.map((j) => j.job)).toEqual(['sweep-2', 'train-b']);
    expect(c.firstDivergence?.text).toBe(
      'session 1 (t=0s): sweep-2: kai nothing; volcano evicts 1 task (reclaim for train-b) | train-b: kai nothing; volcano pipelines 2 tasks',
    );
    const volcano = c.columns.find((col) => col.profile === 'volcano');
    expect(volcano?.unmapped).toContainEqual({
      path: 'queues[1].reclaimMinRuntime',
      text: 'KAI min-runtime (minruntime plugin): volcano has no counterpart, so no job is protected by it',
    });
  });

  it('gives the same comparison every time', () => {
    const a = JSON.stringify(compareProfiles(welcome(), ['kai', 'volcano', 'kube-batch']));
    const b = JSON.stringify(compareProfiles(welcome(), ['kai', 'volcano', 'kube-batch']));
    expect(a).toBe(b);
  });

  it('has no divergence with one profile only (nothing to differ from)', () => {
    const c = compareProfiles(welcome(), ['kai']);
    expect(c.firstDivergence).toBeNull();
    expect(c.differingSessions).toBe(0);
  });
});
