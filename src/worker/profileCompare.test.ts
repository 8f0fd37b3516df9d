/**
 * The worker's `profileCompare` (issue 23 Deliver 4): the profile names are checked as the CLI checks
 * `--profiles`, an invalid text comes back as its issues, and a valid one as the engine's comparison.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENGINE } from './engine';
import { profileCompare } from './runWorkshop';

const WELCOME = readFileSync(new URL('../scenarios/welcome-reclaim-waits.yaml', import.meta.url), 'utf8');

describe('profileCompare in the worker', () => {
  it.each([
    [['kai', 'slurm'], 'unknown profile "slurm" (profiles: kai, volcano, kube-batch, kueue)'],
    [['kai', 'kai'], '"kai" is listed twice'],
    [['kai'], 'compare needs at least two profiles (profiles: kai, volcano, kube-batch, kueue)'],
  ])('refuses %j', (profiles, message) => {
    const r = profileCompare(ENGINE.workshop, WELCOME, profiles);
    expect(r).toMatchObject({ ok: false, errors: [{ path: 'profiles', message }] });
  });

  it('answers an invalid text with its issues', () => {
    const r = profileCompare(ENGINE.workshop, 'version: 2', ['kai', 'volcano']);
    expect(r.ok).toBe(false);
  });

  it('answers with the engine’s comparison', () => {
    const r = profileCompare(ENGINE.workshop, WELCOME, ['kai', 'volcano']);
    if (!r.ok) throw new Error(r.errors.map((e) => e.text).join('\n'));
    expect(r.comparison.profiles).toEqual(['kai', 'volcano']);
    expect(r.comparison.firstDivergence?.session).toBe(1);
  });
});
