/** Scripted lessons (docs/scenario-format.md §14): reading, errors with paths and lines, the round trip. */
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario, type ScenarioIssue } from './parseScenario';
import { serialiseScenario } from './serialiseScenario';

const BASE = [
  'version: 1',
  'nodes: [{name: n0, resources: {gpu: 2}}]',
  'queues: [{name: q}]',
  'jobs:',
  '  - {name: a, queue: q, resources: {gpu: 2}, tasks: [{status: Running, node: n0}]}',
  '  - {name: b, queue: q, resources: {gpu: 1}}',
  'run: {sessions: 3}',
];
const doc = (...lesson: string[]) => `${[...BASE, 'lesson:', ...lesson].join('\n')}\n`;

function issues(text: string): { errors: ScenarioIssue[]; warnings: ScenarioIssue[] } {
  const r = parseScenario(text);
  return r.ok ? { errors: [], warnings: r.warnings } : { errors: r.errors, warnings: [] };
}

const QUESTION = [
  '  - session: 1',
  '    select: {job: b}',
  '    say: "Will **b** start?"',
  '    ask:',
  '      question: Will b run at session 2?',
  '      reveal: 2',
  '      choices:',
  '        - {label: "Yes", tasks: {b-0: Running}}',
  '        - {label: "No", tasks: {b-0: Pending}}',
];

describe('lesson steps', () => {
  it('reads say, session, select and a question whose choices are checks at the reveal session', () => {
    const r = parseScenario(doc(...QUESTION, '  - {say: Done., select: {pair: {preemptor: b, victim: a}}}'));
    if (!r.ok) throw new Error(r.errors.map(formatIssue).join('\n'));
    const [first, second] = r.scenario.lesson;
    expect(first).toMatchObject({
      say: 'Will **b** start?',
      session: 1,
      select: { kind: 'job', name: 'b' },
      path: 'lesson[0]',
      line: 9,
      ask: { prompt: 'Will b run at session 2?', revealSession: 2 },
    });
    expect(first?.ask?.choices.map((c) => [c.label, c.check.session, c.check.tasks])).toEqual([
      ['Yes', 2, { 'b-0': 'Running' }],
      ['No', 2, { 'b-0': 'Pending' }],
    ]);
    expect(second).toMatchObject({ session: null, select: { kind: 'pair', preemptor: 'b', victim: 'a' } });
  });

  it('keeps scenarios without a lesson as they were (the description is the lesson)', () => {
    const r = parseScenario(`${BASE.join('\n')}\ndescription: hello\n`);
    expect(r.ok && r.scenario.lesson).toEqual([]);
    expect(r.ok && r.scenario.description).toBe('hello');
  });

  it('round-trips through serialiseScenario', () => {
    const first = parseScenario(doc(...QUESTION, '  - {say: Done., select: {queue: q}}'));
    if (!first.ok) throw new Error('invalid');
    const back = parseScenario(serialiseScenario(first.scenario));
    if (!back.ok) throw new Error(back.errors.map(formatIssue).join('\n'));
    const strip = (s: typeof first.scenario) =>
      JSON.stringify(s.lesson, (k, v: unknown) => (k === 'line' ? null : v));
    expect(strip(back.scenario)).toBe(strip(first.scenario));
  });

  it.each([
    [['  - {select: {job: nobody}}'], 'unknown-lesson-target', 'lesson[0].select.job', 9],
    [['  - {select: {queue: nowhere}}'], 'unknown-lesson-target', 'lesson[0].select.queue', 9],
    [
      ['  - {select: {pair: {preemptor: b, victim: zz}}}'],
      'unknown-lesson-target',
      'lesson[0].select.pair.victim',
      9,
    ],
    [['  - {select: {job: a, queue: q}}'], 'invalid-lesson-step', 'lesson[0].select', 9],
    [['  - {}'], 'invalid-lesson-step', 'lesson[0]', 9],
    [['  - {sayy: hi}'], 'unknown-field', 'lesson[0].sayy', 9],
    [['  - {session: 0}'], 'invalid-session', 'lesson[0].session', 9],
    [
      ['  - say: x', '    ask: {question: Q, reveal: 2, choices: [{label: only, evicted: []}]}'],
      'invalid-lesson-step',
      'lesson[0].ask.choices',
      10,
    ],
    [
      ['  - say: x', '    ask: {question: Q, reveal: 2, choices: [{label: A}, {label: B, evicted: []}]}'],
      'invalid-lesson-step',
      'lesson[0].ask.choices[0]',
      10,
    ],
    [
      ['  - say: x', '    ask: {question: Q, choices: [{label: A, evicted: []}, {label: B, evicted: []}]}'],
      'missing-field',
      'lesson[0].ask.reveal',
      10,
    ],
  ])('reports %j as %s at %s', (lesson, code, path, line) => {
    const { errors } = issues(doc(...lesson));
    expect(errors).toContainEqual(expect.objectContaining({ code, path, line }));
  });

  it('refuses more than four choices and more than 1,000 steps (§10)', () => {
    const five = Array.from({ length: 5 }, (_, i) => `{label: c${i}, evicted: []}`).join(', ');
    const { errors } = issues(doc('  - ask: {question: Q, reveal: 1, choices: [' + five + ']}'));
    expect(errors).toContainEqual(
      expect.objectContaining({ code: 'too-large', path: 'lesson[0].ask.choices' }),
    );
    const many = Array.from({ length: 1001 }, () => '  - {say: x}');
    expect(issues(doc(...many)).errors).toContainEqual(
      expect.objectContaining({ code: 'too-large', path: 'lesson' }),
    );
  });

  it('warns about sessions past the run and about unknown names in a claim', () => {
    const { warnings } = issues(
      doc(
        '  - session: 9',
        '    ask: {question: Q, reveal: 7, choices: [{label: A, evicted: [x-0]}, {label: B, evicted: []}]}',
      ),
    );
    expect(warnings.map((w) => [w.code, w.path])).toEqual([
      ['lesson-session-never-reached', 'lesson[0].session'],
      ['lesson-session-never-reached', 'lesson[0].ask.reveal'],
      ['unknown-reference', 'lesson[0].ask.choices[0].evicted[0]'],
    ]);
  });
});
