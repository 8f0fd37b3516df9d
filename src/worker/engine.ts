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
  expandWorkloadText,
  explainJob,
  findVariant,
  formatIssue,
  metricsCsv,
  parseScenario,
  resolveMinRuntime,
  runMetrics,
  serialiseScenario,
  sessionDecisions,
} from '../engine/index';

export const ENGINE = {
  parseScenario,
  formatIssue,
  createSimulation,
  resolveMinRuntime,
  checkExpectations,
  expandWorkloadText,
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
  },
};
