/**
 * Version of the worker message protocol. The client sends it in `hello` and refuses a worker that answers
 * with another one (a stale cached worker chunk after a deploy is the realistic cause). 4: the summary carries
 * the lesson script and a session view the engine's lesson verdicts. 5: `loadProgress` phases and big
 * snapshots sent in `replyPart` messages ahead of their reply. 6: `explainJob`, `dryRun` and `changedScenario`
 * (issue 19). 7: `workshopPoint`, `workshopFrontier`, `workshopSweepCsv` and `expandWorkload` (issue 20).
 * 8: a snapshot carries the cluster map's occupancy arrays and sends its nodes in parts too (issue 22).
 * 9: `hasJob` (a link's `?job=` naming no job of the scenario says so, issue 22).
 * 10: a snapshot's tasks travel in parts as columns (`taskColumns.ts`, decision 0336).
 * 11: and its decisions in parts (decision 0365).
 * 12: a snapshot carries its jobs' name order for the jobs table (`jobNameOrder.ts`, decision 0377).
 * 13: `load` may stand for the last validated text instead of carrying it (`sameAsValidated`, decision 0379).
 */
export const PROTOCOL_VERSION = 13;
