/**
 * Fields a profile does not read are refused with their field path wherever they are written: base
 * queues and jobs, `updateQueue` events and variant changes (decision 0250). kube-batch reads a queue's
 * weight only (kube-batch pkg/scheduler/api/queue_info.go:84-93 @86b2ba21); a job's `preemptibility` is
 * KAI's.
 */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario } from './parseScenario';

const yaml = (...lines: string[]) => `${lines.join('\n')}\n`;

function issues(text: string): string[] {
  const r = parseScenario(text);
  return r.ok ? [] : r.errors.map(formatIssue);
}

const base = (profile: string, queue: string, extra: string[] = []) =>
  yaml(
    'version: 1',
    `profile: ${profile}`,
    'nodes: [{name: n0, resources: {cpu: 4}}]',
    'queues:',
    `  - {name: q1${queue}}`,
    'jobs:',
    '  - {name: j1, queue: q1, tasks: [{name: t1, resources: {cpu: 1}}]}',
    ...extra,
  );

const KUBE_BATCH_UNREAD: [string, string][] = [
  ['priority', '3'],
  ['state', 'Closed'],
  ['reclaimable', 'false'],
  ['capability', '{cpu: 2}'],
  ['deserved', '{cpu: 2}'],
  ['guarantee', '{cpu: 1}'],
];

describe('kube-batch queue fields', () => {
  it('accepts the weight, the one field kube-batch reads', () => {
    expect(issues(base('kube-batch', ', weight: 3'))).toEqual([]);
  });

  it.each(KUBE_BATCH_UNREAD)('refuses %s on a queue, in an updateQueue and in a variant', (field, value) => {
    const inQueue = issues(base('kube-batch', `, ${field}: ${value}`));
    expect(inQueue).toHaveLength(1);
    expect(inQueue[0]).toMatch(new RegExp(`queues\\[0\\]\\.${field}.*profile kube-batch does not read`));
    const inEvent = issues(
      base('kube-batch', '', ['events:', `  - {at: 10s, updateQueue: {name: q1, ${field}: ${value}}}`]),
    );
    expect(inEvent).toHaveLength(1);
    expect(inEvent[0]).toMatch(new RegExp(`events\\[0\\]\\.updateQueue\\.${field}`));
    const inVariant = issues(
      base('kube-batch', '', ['variants:', `  - {name: v, queues: [{name: q1, ${field}: ${value}}]}`]),
    );
    expect(inVariant).toHaveLength(1);
    expect(inVariant[0]).toMatch(new RegExp(`variants\\[0\\]\\.queues\\[0\\]\\.${field}.*kube-batch`));
  });

  it('keeps the same fields on volcano', () => {
    const all = KUBE_BATCH_UNREAD.map(([f, v]) => `${f}: ${v}`).join(', ');
    expect(issues(base('volcano', `, ${all}`))).toEqual([]);
  });
});

describe("a variant's preemptibility", () => {
  const variant = (profile: string, value: string) =>
    issues(base(profile, '', ['variants:', `  - {name: v, jobs: [{name: j1, preemptibility: ${value}}]}`]));

  it.each(['volcano', 'kube-batch'])('is refused on %s at the variant field, once', (profile) => {
    for (const value of ['preemptible', 'non-preemptible']) {
      const found = variant(profile, value);
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(/variants\[0\]\.jobs\[0\]\.preemptibility.*does not read `preemptibility`/);
    }
  });

  it('is accepted on kai', () => {
    expect(variant('kai', 'preemptible')).toEqual([]);
  });
});
