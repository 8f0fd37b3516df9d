/**
 * The engine as the worker runs it: one object, so the worker and the tests that drive the host in process
 * exercise the same wiring (variants, metrics and comparisons included).
 */
import {
  applyScenarioChange,
  applyVariant,
  checkExpectations,
  compareSimulations,
  createSimulation,
  describeDivergence,
  dryRun,
  explainJob,
  findVariant,
  formatIssue,
  frontierPointOf,
  hasRandomWorkload,
  metricsCsv,
  paretoFrontier,
  parseScenario,
  resolveMinRuntime,
  runMetrics,
  runReplicates,
  serialiseScenario,
  sessionDecisions,
  summariseReplicates,
} from '../engine/index';

export const ENGINE = {
  parseScenario,
  formatIssue,
  createSimulation,
  resolveMinRuntime,
  checkExpectations,
  explain: { explainJob, dryRun, applyScenarioChange, serialiseScenario },
  workshop: {
    parseScenario: (text: string) => parseScenario(text),
    formatIssue,
    createSimulation,
    applyVariant,
    findVariant,
    runMetrics,
    compareSimulations,
    describeDivergence,
    sessionDecisions,
    metricsCsv,
    runReplicates,
    summariseReplicates,
    paretoFrontier,
    frontierPointOf,
    hasRandomWorkload,
  },
};
