/**
 * Every size limit of docs/scenario-format.md §10: just over it is an error naming the field (and line),
 * at it the scenario is accepted. Large documents are built as plain data (normaliseScenarioDocument)
 * to keep the suite fast; a few go through YAML to check the line.
 */
import { describe, expect, it } from 'vitest';
import { normaliseScenarioDocument, parseScenario, type ScenarioIssue } from './parseScenario';
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_DURATION_MS,
  MAX_EVENTS,
  MAX_EXPECT,
  MAX_GPUS_PER_NODE,
  MAX_JOBS,
  MAX_KEY_LENGTH,
  MAX_MAP_ENTRIES,
  MAX_NAME_LENGTH,
  MAX_NESTING,
  MAX_NODES,
  MAX_QUEUE_DEPTH,
  MAX_QUEUES,
  MAX_SESSIONS,
  MAX_SIBLING_QUEUES,
  MAX_STRING_LENGTH,
  MAX_TASKS,
  MAX_TEXT_LENGTH,
} from './limits';

const base = { version: 1, nodes: [], queues: [{ name: 'q' }] };

function errorsOf(doc: Record<string, unknown>): ScenarioIssue[] {
  const r = normaliseScenarioDocument({ ...base, ...doc });
  return r.ok ? [] : r.errors;
}

function expectAccepted(doc: Record<string, unknown>): void {
  expect(errorsOf(doc).map((e) => `${e.path}: ${e.message}`)).toEqual([]);
}

function expectLimitError(doc: Record<string, unknown>, path: string, message: RegExp): void {
  const errors = errorsOf(doc);
  expect(errors.map((e) => ({ path: e.path, code: e.code }))).toContainEqual({
    path,
    code: expect.stringMatching(/^(too-large|out-of-range)$/) as unknown as string,
  });
  expect(errors.find((e) => e.path === path)?.message).toMatch(message);
}

const jobs = (n: number, extra: Record<string, unknown> = {}) =>
  Array.from({ length: n }, (_, i) => ({ name: `j${i}`, queue: 'q', tasks: 0, ...extra }));
const chain = (depth: number) =>
  Array.from({ length: depth }, (_, i) =>
    i === 0 ? { name: 'c0' } : { name: `c${i}`, parent: `c${i - 1}` },
  );

describe('GPUs per node', () => {
  it('a node has at most MAX_GPUS_PER_NODE GPU devices (line given)', () => {
    const r = parseScenario(
      'version: 1\nnodes:\n  - name: n\n    resources: {gpu: 4294967296}\nqueues: []\n',
    );
    expect(r.ok ? [] : r.errors).toEqual([
      expect.objectContaining({
        code: 'out-of-range',
        path: 'nodes[0].resources.gpu',
        message: `at most ${MAX_GPUS_PER_NODE} GPUs per node, got 4294967296`,
        line: 4,
      }),
    ]);
  });
  it('accepts a node with exactly the maximum, and refuses one more (addNode too)', () => {
    expectAccepted({ nodes: [{ name: 'n', resources: { gpu: MAX_GPUS_PER_NODE } }] });
    expectLimitError(
      { nodes: [{ name: 'n', resources: { gpu: MAX_GPUS_PER_NODE + 1 } }] },
      'nodes[0].resources.gpu',
      /at most 128 GPUs per node/,
    );
    expectLimitError(
      { events: [{ at: '1s', addNode: { name: 'n', resources: { gpu: MAX_GPUS_PER_NODE + 1 } } }] },
      'events[0].addNode.resources.gpu',
      /at most 128 GPUs per node/,
    );
  });
  it('a task asks for at most as many whole GPUs as a node can have', () => {
    expectAccepted({ jobs: [{ name: 'j', queue: 'q', resources: { gpu: MAX_GPUS_PER_NODE } }] });
    expectLimitError(
      { jobs: [{ name: 'j', queue: 'q', resources: { gpu: MAX_GPUS_PER_NODE + 1 } }] },
      'jobs[0].resources.gpu',
      /at most 128 GPUs per task/,
    );
  });
});

describe('nodes, jobs and tasks are counted before they are built', () => {
  it(`at most ${MAX_NODES} nodes after count expansion`, () => {
    expectAccepted({ nodes: [{ name: 'a', count: MAX_NODES }] });
    expectLimitError(
      { nodes: [{ name: 'a', count: MAX_NODES }, { name: 'b' }] },
      'nodes[1]',
      /at most 10000 nodes .* brings the total to 10001/,
    );
    expectLimitError(
      { nodes: [{ name: 'a', count: MAX_NODES }], events: [{ at: '1s', addNode: { name: 'b', count: 1 } }] },
      'events[0].addNode.count',
      /at most 10000 nodes/,
    );
  });
  it('ten thousand entries of count 10000 are refused without building 10^8 nodes', () => {
    const nodes = Array.from({ length: 10_000 }, (_, i) => ({ name: `n${i}`, count: 10_000 }));
    const errors = errorsOf({ nodes });
    expect(errors.filter((e) => e.code === 'too-large').map((e) => e.path)).toEqual(['nodes[1].count']);
  });
  it(`at most ${MAX_TASKS} tasks after expansion: the ${MAX_TASKS}th is accepted, one more is not`, () => {
    const twenty = Array.from({ length: MAX_TASKS / 10_000 }, (_, i) => ({
      name: `j${i}`,
      queue: 'q',
      tasks: 10_000,
    }));
    // One error, at the entry that goes over: the 200,000 tasks before it were accepted.
    expect(errorsOf({ jobs: [...twenty, { name: 'x', queue: 'q', tasks: [{}] }] })).toEqual([
      expect.objectContaining({
        code: 'too-large',
        path: 'jobs[20].tasks',
        message: expect.stringMatching(/at most 200000 tasks .* total to 200001/) as unknown as string,
      }),
    ]);
  });
  it(`at most ${MAX_JOBS} jobs, submitted ones included: the ${MAX_JOBS}th is accepted, one more is not`, () => {
    expect(
      errorsOf({ jobs: jobs(MAX_JOBS), events: [{ at: '1s', submit: { name: 'late', queue: 'q' } }] }),
    ).toEqual([
      expect.objectContaining({
        code: 'too-large',
        path: 'events[0].submit',
        message: expect.stringMatching(/at most 100000 jobs/) as unknown as string,
      }),
    ]);
  });
});

describe('queues', () => {
  it(`at most ${MAX_QUEUES} queues`, () => {
    const tree = (n: number) => [
      { name: 'r1' },
      { name: 'r2' },
      ...Array.from({ length: n - 2 }, (_, i) => ({ name: `q${i}`, parent: i % 2 === 0 ? 'r1' : 'r2' })),
    ];
    expectAccepted({ queues: tree(MAX_QUEUES) });
    expectLimitError(
      { queues: tree(MAX_QUEUES + 1) },
      'queues',
      /at most 10000 queues in a scenario, got 10001/,
    );
  });
  it(`at most ${MAX_SIBLING_QUEUES} children per queue and top-level queues`, () => {
    const kids = (n: number) => [
      { name: 'root' },
      ...Array.from({ length: n }, (_, i) => ({ name: `k${i}`, parent: 'root' })),
    ];
    expectAccepted({ queues: kids(MAX_SIBLING_QUEUES) });
    expectLimitError(
      { queues: kids(MAX_SIBLING_QUEUES + 1) },
      `queues[${MAX_SIBLING_QUEUES + 1}].parent`,
      /at most 5000 child queues per queue; "root" has 5001/,
    );
    const tops = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `t${i}` }));
    expectAccepted({ queues: tops(MAX_SIBLING_QUEUES) });
    expectLimitError(
      { queues: tops(MAX_SIBLING_QUEUES + 1) },
      `queues[${MAX_SIBLING_QUEUES}]`,
      /at most 5000 top-level queues/,
    );
  });
  it(`the queue tree is at most ${MAX_QUEUE_DEPTH} levels deep`, () => {
    expectAccepted({ queues: chain(MAX_QUEUE_DEPTH) });
    expectLimitError(
      { queues: chain(MAX_QUEUE_DEPTH + 1) },
      `queues[${MAX_QUEUE_DEPTH}].parent`,
      /at most 3000 levels deep; queue "c3000" is at level 3001/,
    );
  });
  it('an updateQueue event may not make the tree deeper than the limit', () => {
    const queues = [...chain(MAX_QUEUE_DEPTH - 1), { name: 'x' }, { name: 'y', parent: 'x' }];
    expectAccepted({
      queues,
      events: [{ at: '1s', updateQueue: { name: 'x', parent: `c${MAX_QUEUE_DEPTH - 3}` } }],
    });
    expectLimitError(
      { queues, events: [{ at: '1s', updateQueue: { name: 'x', parent: `c${MAX_QUEUE_DEPTH - 2}` } }] },
      'events[0].updateQueue.parent',
      /at most 3000 levels deep; this change makes it 3001/,
    );
  });
});

describe('jobs stay in leaf queues over time', () => {
  const queues = [{ name: 'p' }, { name: 'q' }, { name: 'r' }];
  it('an updateQueue event cannot make a queue that holds a job a parent, as at t=0', () => {
    const r = parseScenario(
      [
        'version: 1',
        'nodes: []',
        'queues: [{name: p}, {name: q}]',
        'jobs: [{name: a, queue: q}]',
        'events:',
        '  - {at: 1s, updateQueue: {name: p, parent: q}}',
      ].join('\n'),
    );
    expect(r.ok ? [] : r.errors).toEqual([
      expect.objectContaining({
        code: 'job-in-non-leaf-queue',
        path: 'events[0].updateQueue.parent',
        line: 6,
        message: expect.stringContaining('queue "q" holds job "a" at that time') as unknown as string,
      }),
    ]);
  });
  it('it can once the job is deleted, and a job submitted later to the new parent is refused', () => {
    expectAccepted({
      queues,
      jobs: [{ name: 'a', queue: 'q' }],
      events: [
        { at: '1s', deleteJob: 'a' },
        { at: '2s', updateQueue: { name: 'r', parent: 'q' } },
      ],
    });
    const errors = errorsOf({
      queues,
      events: [
        { at: '1s', updateQueue: { name: 'r', parent: 'q' } },
        { at: '2s', submit: { name: 'b', queue: 'q' } },
      ],
    });
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['job-in-non-leaf-queue', 'events[1].submit.queue'],
    ]);
  });
});

describe('sessions and durations', () => {
  it(`run.sessions and run.maxSessions are at most ${MAX_SESSIONS}`, () => {
    expectAccepted({ run: { sessions: MAX_SESSIONS, maxSessions: MAX_SESSIONS } });
    expectLimitError({ run: { sessions: MAX_SESSIONS + 1 } }, 'run.sessions', /at most 100000/);
    expectLimitError({ run: { maxSessions: MAX_SESSIONS + 1 } }, 'run.maxSessions', /at most 100000/);
  });
  it('a duration is at most 10000h either way, so times stay safe integers (never ±Infinity)', () => {
    expect(MAX_DURATION_MS * (MAX_SESSIONS + 3)).toBeLessThan(Number.MAX_SAFE_INTEGER);
    expectAccepted({ jobs: [{ name: 'a', queue: 'q', submitAt: '-10000h', runtime: '10000h' }] });
    expectLimitError(
      { jobs: [{ name: 'a', queue: 'q', submitAt: '10000h1ms' }] },
      'jobs[0].submitAt',
      /out of range \(at most 10000h/,
    );
    expectLimitError(
      { jobs: [{ name: 'a', queue: 'q', submitAt: `${'9'.repeat(400)}h` }] },
      'jobs[0].submitAt',
      /out of range/,
    );
    expectLimitError({ run: { until: '-10001h' } }, 'run.until', /out of range/);
  });
});

describe('text, strings, keys, mappings, events and checks', () => {
  it(`the scenario text is at most ${MAX_TEXT_LENGTH} characters`, () => {
    const doc = 'version: 1\nnodes: []\nqueues: []\n#';
    expect(parseScenario(doc + 'x'.repeat(MAX_TEXT_LENGTH - doc.length)).ok).toBe(true);
    const r = parseScenario(doc + 'x'.repeat(MAX_TEXT_LENGTH - doc.length + 1));
    expect(r.ok ? [] : r.errors).toEqual([expect.objectContaining({ code: 'too-large', path: '' })]);
  });
  it(`a name is at most ${MAX_NAME_LENGTH} characters`, () => {
    expectAccepted({ queues: [{ name: 'q' }, { name: 'n'.repeat(MAX_NAME_LENGTH) }] });
    expectLimitError(
      { queues: [{ name: 'q' }, { name: 'n'.repeat(MAX_NAME_LENGTH + 1) }] },
      'queues[1].name',
      /at most 253 characters, got 254/,
    );
  });
  it(`a key is at most ${MAX_KEY_LENGTH} characters; another string at most ${MAX_STRING_LENGTH}; description ${MAX_DESCRIPTION_LENGTH}`, () => {
    const labels = (key: string, value: string) => ({ nodes: [{ name: 'n', labels: { [key]: value } }] });
    expectAccepted(labels('k'.repeat(MAX_KEY_LENGTH), 'v'.repeat(MAX_STRING_LENGTH)));
    expectLimitError(
      labels('k'.repeat(MAX_KEY_LENGTH + 1), 'v'),
      'nodes[0].labels',
      /a key is 318 characters long; keys are at most 317/,
    );
    expectLimitError(
      labels('k', 'v'.repeat(MAX_STRING_LENGTH + 1)),
      'nodes[0].labels.k',
      /at most 65536 characters, got 65537/,
    );
    expectAccepted({ description: 'd'.repeat(MAX_DESCRIPTION_LENGTH) });
    expectLimitError(
      { description: 'd'.repeat(MAX_DESCRIPTION_LENGTH + 1) },
      'description',
      /at most 1000000 characters/,
    );
  });
  it(`labels, annotations and node selectors have at most ${MAX_MAP_ENTRIES} entries`, () => {
    const map = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, 'v']));
    expectAccepted({
      jobs: [
        {
          name: 'j',
          queue: 'q',
          annotations: map(MAX_MAP_ENTRIES),
          tasks: [{ labels: map(MAX_MAP_ENTRIES), nodeSelector: map(MAX_MAP_ENTRIES) }],
        },
      ],
    });
    expectLimitError(
      { jobs: [{ name: 'j', queue: 'q', annotations: map(MAX_MAP_ENTRIES + 1) }] },
      'jobs[0].annotations',
      /at most 1000 entries per object, got 1001/,
    );
    expectLimitError(
      { nodes: [{ name: 'n', labels: map(MAX_MAP_ENTRIES + 1) }] },
      'nodes[0].labels',
      /at most 1000 entries/,
    );
  });
  it(`lists and mappings nest at most ${MAX_NESTING} levels`, () => {
    const nest = (levels: number): unknown => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expectAccepted({ 'x-deep': nest(MAX_NESTING - 1) });
    expect(errorsOf({ 'x-deep': nest(MAX_NESTING) }).map((e) => e.code)).toEqual(['too-large']);
    expect(errorsOf({ 'x-deep': nest(100_000) }).map((e) => e.message)).toEqual([
      `lists and mappings nest at most ${MAX_NESTING} levels deep`,
    ]);
  });
  it(`at most ${MAX_EVENTS} events and ${MAX_EXPECT} checks`, () => {
    const events = (n: number) => Array.from({ length: n }, () => ({ at: '1s', updateQueue: { name: 'q' } }));
    expectAccepted({ events: events(MAX_EVENTS) });
    expectLimitError(
      { events: events(MAX_EVENTS + 1) },
      'events',
      /at most 100000 events in a scenario, got 100001/,
    );
    const checks = (n: number) => Array.from({ length: n }, () => ({ session: 1 }));
    expectAccepted({ expect: checks(MAX_EXPECT) });
    expectLimitError({ expect: checks(MAX_EXPECT + 1) }, 'expect', /at most 10000 checks/);
  });
});

describe('nesting the YAML reader cannot follow', () => {
  it('thousands of nested flow lists are one too-large error, not a crash', () => {
    const r = parseScenario(`version: 1\nnodes: []\nqueues: []\nx-deep: ${'['.repeat(20_000)}`);
    expect(r.ok ? [] : r.errors.map((e) => [e.code, e.message])).toEqual([
      [
        'too-large',
        `the document nests too deeply to read (lists and mappings nest at most ${MAX_NESTING} levels)`,
      ],
    ]);
  });
});
