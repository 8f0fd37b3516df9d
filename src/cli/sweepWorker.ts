/**
 * A thread of `sim sweep`'s pool (sweepPool.ts): parses the scenario text once, then runs the tasks it is
 * sent, one replicate each (the point's variant applied, re-seeded), answering with the run's figures.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { applyVariant, parseScenario, runReplicate } from '../engine/index';
import type { Scenario } from '../engine/model/scenario';
import type { SweepInit, SweepReply, SweepTask } from './sweepPool';

const init = workerData as SweepInit;
const parsed = parseScenario(init.text, { fileName: init.fileName });
const applied = new Map<number, Scenario>();

function pointScenario(point: number): Scenario {
  if (!parsed.ok) throw new Error('the scenario no longer parses in the sweep thread');
  let s = applied.get(point);
  if (s === undefined) {
    s = applyVariant(parsed.scenario, init.variants[point] ?? null);
    applied.set(point, s);
  }
  return s;
}

parentPort?.on('message', (task: SweepTask) => {
  let reply: SweepReply;
  try {
    reply = { id: task.id, run: runReplicate(pointScenario(task.point), task.seed) };
  } catch (e) {
    reply = { id: task.id, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(reply);
});
