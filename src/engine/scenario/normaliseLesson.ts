/**
 * `lesson`: a scripted lesson (docs/scenario-format.md §14). Each step may go to a session, select a job,
 * queue, node or preemptor/victim pair, say a Markdown paragraph, and ask a question whose choices are
 * claims about a later session; the run, not the author, decides which choice is right.
 */
import type { LessonChoice, LessonQuestion, LessonStep, LessonTarget } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { formatFieldPath, type FieldPath } from './fieldPath';
import { MAX_LESSON_CHOICES, MAX_LESSON_STEPS, MIN_LESSON_CHOICES } from './limits';
import { checkFromFields } from './normaliseExpect';
import { readFields } from './readFields';
import {
  LESSON_ASK_FIELDS,
  LESSON_CHOICE_FIELDS,
  LESSON_PAIR_FIELDS,
  LESSON_SELECT_FIELDS,
  LESSON_STEP_FIELDS,
} from './schema';

/** Reads every step; a malformed part of a step is reported and left out, the rest is kept. */
export function normaliseLesson(raw: readonly unknown[], ctx: NormaliseContext): LessonStep[] {
  if (raw.length > MAX_LESSON_STEPS) {
    ctx.sink.report('too-large', ['lesson'], `at most ${MAX_LESSON_STEPS} lesson steps, got ${raw.length}`);
    return [];
  }
  const steps: LessonStep[] = [];
  raw.forEach((item, i) => {
    const path = ['lesson', i];
    const f = readFields(item, path, LESSON_STEP_FIELDS, ctx.sink, {
      what: 'a lesson step ({say?, session?, select?, ask?})',
    });
    if (f === null) return;
    if (f.say === undefined && f.session === undefined && f.select === undefined && f.ask === undefined) {
      ctx.sink.report(
        'invalid-lesson-step',
        path,
        'a lesson step needs at least one of say, session, select, ask',
      );
    }
    if (f.session !== undefined && f.session < 1) {
      ctx.sink.report(
        'invalid-session',
        [...path, 'session'],
        `session ${f.session} does not exist: sessions are numbered from 1`,
      );
    }
    steps.push({
      say: f.say ?? '',
      session: f.session !== undefined && f.session >= 1 ? f.session : null,
      select: f.select === undefined ? null : readTarget(f.select, [...path, 'select'], ctx),
      ask: f.ask === undefined ? null : readQuestion(f.ask, [...path, 'ask'], ctx),
      path: formatFieldPath(path),
      line: ctx.sink.lineOf(path),
    });
  });
  return steps;
}

function readTarget(raw: unknown, path: FieldPath, ctx: NormaliseContext): LessonTarget | null {
  const f = readFields(raw, path, LESSON_SELECT_FIELDS, ctx.sink, {
    what: 'a target ({job: name}, {queue: name}, {node: name} or {pair: {preemptor, victim}})',
  });
  if (f === null) return null;
  const given = (['job', 'queue', 'node', 'pair'] as const).filter((k) => f[k] !== undefined);
  if (given.length !== 1) {
    ctx.sink.report(
      'invalid-lesson-step',
      path,
      given.length === 0
        ? '`select` needs one of job, queue, node or pair'
        : `\`select\` takes one target, got ${given.join(' and ')}`,
    );
    return null;
  }
  if (f.job !== undefined) return { kind: 'job', name: f.job };
  if (f.queue !== undefined) return { kind: 'queue', name: f.queue };
  if (f.node !== undefined) return { kind: 'node', name: f.node };
  const pair = readFields(f.pair, [...path, 'pair'], LESSON_PAIR_FIELDS, ctx.sink, {
    what: 'a pair {preemptor: job, victim: job}',
    required: ['preemptor', 'victim'],
  });
  if (pair?.preemptor === undefined || pair.victim === undefined) return null;
  return { kind: 'pair', preemptor: pair.preemptor, victim: pair.victim };
}

function readQuestion(raw: unknown, path: FieldPath, ctx: NormaliseContext): LessonQuestion | null {
  const f = readFields(raw, path, LESSON_ASK_FIELDS, ctx.sink, {
    what: 'a question {question, reveal, choices}',
    required: ['question', 'reveal', 'choices'],
  });
  if (f?.question === undefined || f.reveal === undefined || f.choices === undefined) return null;
  if (f.reveal < 1) {
    ctx.sink.report(
      'invalid-session',
      [...path, 'reveal'],
      `session ${f.reveal} does not exist: sessions are numbered from 1`,
    );
    return null;
  }
  const count = f.choices.length;
  if (count < MIN_LESSON_CHOICES || count > MAX_LESSON_CHOICES) {
    ctx.sink.report(
      count > MAX_LESSON_CHOICES ? 'too-large' : 'invalid-lesson-step',
      [...path, 'choices'],
      `a question has ${MIN_LESSON_CHOICES} to ${MAX_LESSON_CHOICES} choices, got ${count}`,
    );
    return null;
  }
  const reveal = f.reveal;
  const choices: LessonChoice[] = [];
  f.choices.forEach((item, k) => {
    const choicePath = [...path, 'choices', k];
    const c = readFields(item, choicePath, LESSON_CHOICE_FIELDS, ctx.sink, {
      what: 'a choice {label, <claim fields of an expect check>}',
      required: ['label'],
    });
    if (c?.label === undefined) return;
    const claims = (['tasks', 'evicted', 'bound', 'pipelined', 'jobs', 'queues'] as const).some(
      (key) => c[key] !== undefined,
    );
    if (!claims) {
      ctx.sink.report(
        'invalid-lesson-step',
        choicePath,
        'a choice needs a claim the run can check (tasks, evicted, bound, pipelined, jobs or queues)',
      );
      return;
    }
    choices.push({ label: c.label, check: checkFromFields(c, reveal, null, choicePath, ctx) });
  });
  if (choices.length !== count) return null;
  return { prompt: f.question, revealSession: reveal, choices };
}
