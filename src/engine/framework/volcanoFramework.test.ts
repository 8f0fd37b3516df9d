import { describe, expect, it } from 'vitest';
import { ExtensionRegistry } from './ExtensionRegistry';
import { NodeAccount, lessEqual, lessEqualOnRequested } from './NodeAccount';
import { OperationStatement, type StatementHost } from './OperationStatement';
import { PriorityQueue } from './PriorityQueue';

const res = (cpu: number, memory = 0, gpu = 0, pods = 0) => ({ cpu, memory, gpu, pods });

describe('node accounting (Volcano node_info.go)', () => {
  it('FutureIdle = Idle + Releasing − Pipelined', () => {
    const n = new NodeAccount(res(8, 8e9, 0, 10));
    n.use(res(3, 3e9, 0, 3)); // running tasks
    n.release(res(2, 2e9, 0, 2)); // two of them being evicted
    n.pipeline(res(1, 1e9, 0, 1)); // a preemptor waiting for them
    expect(n.idle).toEqual(res(5, 5e9, 0, 7));
    expect(n.futureIdle()).toEqual(res(6, 6e9, 0, 8));
  });
  it('every pod takes a pod slot: a node with pods 0 fits nothing', () => {
    expect(lessEqual(res(0, 0, 0, 1), res(10, 1e12, 0, 0))).toBe(false);
  });
  it('compares with the 0.1 tolerance of Volcano units (0.1 milli-CPU, 0.1 byte)', () => {
    expect(lessEqual(res(1.00005), res(1))).toBe(true);
    expect(lessEqual(res(1.0002), res(1))).toBe(false);
    expect(lessEqual(res(0, 10.05), res(0, 10))).toBe(true);
  });
  it('LessEqualWithDimension compares only requested dimensions and skips pods', () => {
    expect(lessEqualOnRequested(res(5, 100, 0, 9), res(4, 200, 0, 1), res(0, 50, 0, 1))).toBe(true);
    expect(lessEqualOnRequested(res(5, 100), res(4, 200), res(1, 0))).toBe(false);
  });
});

describe('OperationStatement (Volcano statement.go)', () => {
  function host(log: string[]): StatementHost<string, string> {
    return {
      evict: (t) => log.push(`evict ${t}`),
      unevict: (t) => log.push(`unevict ${t}`),
      pipeline: (t, n) => log.push(`pipeline ${t}@${n}`),
      unpipeline: (t) => log.push(`unpipeline ${t}`),
      allocate: (t, n) => log.push(`allocate ${t}@${n}`),
      unallocate: (t) => log.push(`unallocate ${t}`),
      commit: (op) => log.push(`commit ${op.kind} ${op.task}`),
    };
  }
  it('applies operations at once and discards them newest first', () => {
    const log: string[] = [];
    const s = new OperationStatement(host(log));
    s.evict('v', 'preempt');
    s.pipeline('p', 'n1', true);
    s.allocate('a', 'n2');
    s.discard();
    expect(log).toEqual([
      'evict v',
      'pipeline p@n1',
      'allocate a@n2',
      'unallocate a',
      'unpipeline p',
      'unevict v',
    ]);
    expect(s.operations()).toEqual([]);
  });
  it('commits oldest first; merge moves a node statement into the job statement', () => {
    const log: string[] = [];
    const job = new OperationStatement(host(log));
    const node = new OperationStatement(host(log));
    node.evict('v', 'reclaim');
    node.pipeline('p', 'n1', true);
    job.merge(node);
    expect(node.operations()).toEqual([]);
    job.commit();
    expect(log.slice(2)).toEqual(['commit evict v', 'commit pipeline p']);
  });
});

describe('ExtensionRegistry keeps tier and enable flag', () => {
  interface Points {
    jobOrder: () => number;
    jobValid: () => string | null;
  }
  const flag = (p: keyof Points) => (p === 'jobOrder' ? 'enableJobOrder' : null);
  it('groups enabled callbacks by tier and keeps disabled ones aside', () => {
    const r = new ExtensionRegistry<Points>(2, flag);
    r.add('jobOrder', { name: 'priority', tier: 1, flags: {} }, () => 0);
    r.add('jobOrder', { name: 'drf', tier: 2, flags: { enableJobOrder: false } }, () => 0);
    r.add('jobOrder', { name: 'sla', tier: 2, flags: { enableJobOrder: true } }, () => 0);
    expect(r.tiers('jobOrder').map((t) => t.map((x) => `${x.plugin}@${x.tier}`))).toEqual([
      ['priority@1'],
      ['sla@2'],
    ]);
    expect(r.disabledOn('jobOrder')).toEqual(['drf']);
  });
  it('a point without a flag is always on; an unset flag takes the default', () => {
    const r = new ExtensionRegistry<Points>(1, flag, false);
    r.add('jobValid', { name: 'gang', tier: 1, flags: {} }, () => null);
    r.add('jobOrder', { name: 'gang', tier: 1, flags: {} }, () => 0);
    expect(r.has('jobValid')).toBe(true);
    expect(r.has('jobOrder')).toBe(false);
  });
});

describe('PriorityQueue', () => {
  it('pops in comparator order', () => {
    const q = new PriorityQueue<number>((a, b) => a < b);
    for (const x of [5, 1, 4, 2, 3]) q.push(x);
    const out: number[] = [];
    for (let x = q.pop(); x !== undefined; x = q.pop()) out.push(x);
    expect(out).toEqual([1, 2, 3, 4, 5]);
  });
});
