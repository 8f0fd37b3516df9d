/**
 * `sim compare --profiles` over the gallery (issue 23 Deliver 4): every scenario that all profiles can
 * express runs on each of them, with a row per job and a cell per profile; the ones that cannot be mapped
 * say why, and this list names them (a new gallery scenario lands in one group or the other on purpose).
 */
import { describe, expect, it } from 'vitest';
import { compareProfiles, formatIssue, parseScenario } from '../engine/index';
import { profileNames } from '../engine/registry';

const PROFILES = profileNames();
import { BUILTIN_SCENARIOS } from './builtinScenarios';

/** Gallery scenarios some profile cannot express, with the field path of the first reason per profile. */
const NOT_EXPRESSIBLE: Record<string, Record<string, string>> = {
  // KAI topology-aware placement has no counterpart in Volcano or kube-batch.
  'topology-1': { volcano: 'topologies', 'kube-batch': 'topologies', kueue: 'topologies' },
  // Volcano task roles (a gang per role) have no counterpart in KAI, kube-batch or Kueue.
  'volcano-roles-1': {
    kai: 'jobs[0].minTaskMember',
    'kube-batch': 'jobs[0].minTaskMember',
    kueue: 'jobs[0].minTaskMember',
  },
  // Kueue's own block (ClusterQueues, cohorts, flavors) has no mapping onto the other profiles yet.
  'kueue-1': { kai: 'kueue', volcano: 'kueue', 'kube-batch': 'kueue' },
  'kueue-2': { kai: 'kueue', volcano: 'kueue', 'kube-batch': 'kueue' },
};

describe.each(BUILTIN_SCENARIOS.map((s) => [s.id, s] as const))(
  'compare on every profile: %s',
  (id, entry) => {
    it('maps, runs and fills every cell, or says why it cannot', () => {
      const parsed = parseScenario(entry.text, { fileName: entry.fileName });
      if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
      const c = compareProfiles(parsed.scenario, PROFILES);
      const refused = Object.fromEntries(
        c.columns.filter((col) => !col.expressible).map((col) => [col.profile, col.reasons[0]?.path]),
      );
      expect(refused).toEqual(NOT_EXPRESSIBLE[id] ?? {});
      // The source profile always runs its own scenario as written.
      expect(c.columns.find((col) => col.profile === parsed.scenario.profile)?.expressible).toBe(true);
      const jobs =
        parsed.scenario.jobs.length + parsed.scenario.events.filter((e) => e.kind === 'submit').length;
      expect(c.jobs).toHaveLength(jobs);
      for (const col of c.columns) {
        if (!col.expressible) {
          expect(c.jobs.every((r) => r.cells[col.profile] === null)).toBe(true);
          continue;
        }
        expect(col.sessions).toBeGreaterThan(0);
        expect(col.assumptions.length).toBeGreaterThan(0);
        for (const r of c.jobs) expect(r.cells[col.profile]?.text).toMatch(/\S/);
      }
    });
  },
);
