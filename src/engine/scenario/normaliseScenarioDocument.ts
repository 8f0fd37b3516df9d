/**
 * From a parsed document (YAML turned into plain data, or JSON) to the normalised {@link Scenario}: every
 * field checked, every default of the profile applied, then the cross-checks.
 */
import type { ProfileBlockFormat } from '../framework/ProfileModule';
import type { Profile, ProfileBlock, QueueSpec, Scenario } from '../model/scenario';
import { blockOf, defaultProfile, isProfile, profileBlocks, profileNames } from '../registry';
import { NO_LOCATION, IssueSink, sortIssues, type Locator } from './IssueSink';
import type { ParseResult } from './issues';
import { Origins, type NormaliseContext } from './NormaliseContext';
import { crossCheckScenario } from './crossChecks';
import { quote } from './fieldPath';
import { normaliseEvents } from './normaliseEvents';
import { normaliseExpect } from './normaliseExpect';
import { normaliseJob } from './normaliseJob';
import { normaliseLesson } from './normaliseLesson';
import { normaliseNode } from './normaliseNode';
import { normaliseNodePools } from './normaliseNodePools';
import { normalisePriorityClasses } from './normalisePriorityClasses';
import { normaliseQueue } from './normaliseQueue';
import { normaliseRun } from './normaliseRun';
import { normaliseScheduler } from './normaliseScheduler';
import { normaliseVariants } from './normaliseVariants';
import { addTopologyPlugin, normaliseTopologies, resolveTopologyConstraints } from './normaliseTopology';
import { cloneData, setOwn } from './ownEntries';
import { isMapping, readFields } from './readFields';
import { describeValue, TOP_LEVEL_FIELDS } from './schema';
import { SizeBudget } from './SizeBudget';
import { checkDocumentShape } from './checkDocumentShape';
import { readWorkload, workloadJobs } from './workload/readWorkload';
import { MAX_EVENTS, MAX_EXPECT, MAX_QUEUES } from './limits';

/** The one format version this parser reads. */
export const FORMAT_VERSION = 1;
/** Scenario name when neither `name` nor a file name is given. */
export const UNTITLED = 'untitled';

/** Options of `parseScenario` and `normaliseScenarioDocument`. */
export interface NormaliseOptions {
  /** File the document came from; its base name (without extension) is the default `name`. */
  fileName?: string;
}

/**
 * Validates and normalises an already-parsed document (for example JSON). Runs the same checks as
 * `parseScenario`; issues have no line numbers because plain objects carry no source positions.
 */
export function normaliseScenarioDocument(doc: unknown, options: NormaliseOptions = {}): ParseResult {
  return normaliseWithLocator(doc, options, NO_LOCATION);
}

/** {@link normaliseScenarioDocument} with source positions (used by `parseScenario`). */
export function normaliseWithLocator(doc: unknown, options: NormaliseOptions, locate: Locator): ParseResult {
  const sink = new IssueSink(locate);
  const scenario = buildScenario(doc, options, sink);
  if (scenario === null || sink.hasErrors) return { ok: false, errors: sortIssues(sink.errors) };
  return { ok: true, scenario, warnings: sortIssues(sink.warnings) };
}

function buildScenario(doc: unknown, options: NormaliseOptions, sink: IssueSink): Scenario | null {
  if (!isMapping(doc)) {
    const empty = doc === null || doc === undefined;
    sink.report(
      'not-a-mapping',
      [],
      empty ? 'the scenario is empty' : `expected a mapping of fields, got ${describeValue(doc)}`,
    );
    return null;
  }
  if (!checkDocumentShape(doc, sink)) return null;
  const isExtension = (key: string) => key.startsWith('x-');
  // A profile's own block (decision 0281) is a top-level key read below, by that profile's reader.
  const blockKeys = new Set(profileBlocks().map((b) => b.block.key));
  const isExtra = (key: string) => isExtension(key) || blockKeys.has(key);
  const f = readFields(doc, [], TOP_LEVEL_FIELDS, sink, { isExtraKey: isExtra });
  if (f === null) return null;
  checkVersion(doc['version'], sink);
  const profile = readProfile(f.profile, sink);
  const block = blockOf(profile);
  // `nodes:` with nothing after it (null) reads as an empty list; only a missing key is an error. A profile
  // whose block derives the queues (decision 0281) needs no `queues:`.
  const required = block === null ? ['nodes', 'queues'] : ['nodes'];
  for (const key of required) {
    if (!Object.hasOwn(doc, key))
      sink.report('missing-field', [key], `required field ${JSON.stringify(key)} is missing`);
  }
  const classes = normalisePriorityClasses(f.priorityClasses, profile, sink);
  const ctx: NormaliseContext = {
    sink,
    profile,
    classes: new Map(classes.map((c) => [c.name, c])),
    origins: new Origins(),
    budget: new SizeBudget(sink),
  };
  const extensions: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(doc))
    if (isExtension(key)) setOwn(extensions, key, cloneData(value));

  // Read in document order, so that issues without line numbers (JSON) come out in a natural order.
  const scheduler = normaliseScheduler(f.scheduler, ctx);
  const topologies = normaliseTopologies(f.topologies, ctx);
  const nodePools = f.nodePools === undefined ? [] : normaliseNodePools(f.nodePools, ctx);
  const nodes = (f.nodes ?? []).flatMap((raw, i) => normaliseNode(raw, ['nodes', i], ctx));
  const queueList = bounded(f.queues ?? [], 'queues', MAX_QUEUES, 'queues', sink, true);
  const queues = queueList.flatMap((raw, i) => normaliseQueue(raw, ['queues', i], ctx) ?? []);
  const profileBlock = readBlock(doc, block, queues, ctx);
  const jobs = (f.jobs ?? []).flatMap((raw, i) => normaliseJob(raw, ['jobs', i], ctx) ?? []);
  const events = normaliseEvents(bounded(f.events ?? [], 'events', MAX_EVENTS, 'events', sink), ctx);
  if (profileBlock !== undefined && block !== null && block.queues(profileBlock.data) !== null)
    refuseQueueUpdates(f.events ?? [], block, ctx);
  // After queues, jobs and events: generators name a leaf queue and must not clash with written names.
  const workload = readWorkload(f.seed, f.workload, queues, jobs, events.events, ctx);
  if (workload !== undefined) jobs.push(...workloadJobs(workload, profile, classes, ctx));
  const run = normaliseRun(f.run, ctx);
  const expect = normaliseExpect(bounded(f.expect ?? [], 'expect', MAX_EXPECT, 'checks', sink), ctx);
  const lesson = normaliseLesson(f.lesson ?? [], ctx);
  const scenario: Scenario = {
    version: FORMAT_VERSION,
    name: f.name ?? defaultName(options.fileName),
    description: f.description ?? '',
    profile,
    priorityClasses: classes,
    scheduler,
    nodes,
    queues,
    jobs,
    events: events.events,
    run,
    expect,
    lesson,
    extensions,
    variants: [],
  };
  if (workload !== undefined) scenario.workload = workload;
  if (topologies !== undefined) scenario.topologies = topologies;
  resolveTopologyConstraints(scenario, ctx);
  addTopologyPlugin(scenario, isMapping(doc['scheduler']) && doc['scheduler']['tiers'] != null, ctx);
  if (nodePools.length > 0) scenario.nodePools = nodePools;
  if (profileBlock !== undefined) scenario.profileBlock = profileBlock;
  crossCheckScenario(scenario, events, ctx);
  // Variants name things of the base, so they are read once the base is complete (§15).
  if (f.variants !== undefined) scenario.variants = normaliseVariants(f.variants, scenario, ctx);
  return scenario;
}

/**
 * A profile's own top-level block (decision 0281), read by the profile's reader: another profile's block
 * is refused; the profile's own is required. The queue cards it derives are appended to `queues` (which
 * the scenario then may not write), with the block paths that messages about them point at.
 */
function readBlock(
  doc: Record<string, unknown>,
  block: ProfileBlockFormat | null,
  queues: QueueSpec[],
  ctx: NormaliseContext,
): ProfileBlock | undefined {
  for (const other of profileBlocks())
    if (other.block !== block && doc[other.block.key] !== undefined && doc[other.block.key] !== null)
      ctx.sink.report(
        'field-not-in-profile',
        [other.block.key],
        `the ${quote(other.block.key)} block is read only with profile: ${other.profile}`,
      );
  if (block === null) return undefined;
  const raw = doc[block.key];
  if (raw === undefined || raw === null) {
    ctx.sink.report(
      'missing-field',
      [block.key],
      `profile ${ctx.profile} needs its ${quote(block.key)} block (${block.holds})`,
    );
    return undefined;
  }
  const read = block.read(raw);
  for (const issue of read.issues) ctx.sink.report(issue.code, [...issue.path], issue.message);
  const derived = block.queues(read.data);
  if (derived !== null) {
    if (queues.length > 0)
      ctx.sink.report(
        'field-not-in-profile',
        ['queues'],
        `profile ${ctx.profile}: the queues are the ${block.holds} of the ${quote(block.key)} block; write none under queues`,
      );
    for (const d of derived) {
      ctx.origins.set(d.queue, [...d.path]);
      queues.push(d.queue);
    }
  }
  return { key: block.key, written: cloneData(raw), data: read.data };
}

/** Queues derived from a profile's block change in the block, not by `updateQueue` (decision 0281). */
function refuseQueueUpdates(
  events: readonly unknown[],
  block: ProfileBlockFormat,
  ctx: NormaliseContext,
): void {
  events.forEach((raw, i) => {
    if (isMapping(raw) && Object.hasOwn(raw, 'updateQueue'))
      ctx.sink.report(
        'field-not-in-profile',
        ['events', i, 'updateQueue'],
        `profile ${ctx.profile}: its queues come from the ${quote(block.key)} block; updateQueue events are not modelled`,
      );
  });
}

/**
 * A top-level list within its limit; a longer one is reported once at the list and not read (the
 * document is refused anyway), except for the first `max` queues when `keepHead`, which jobs name.
 */
function bounded(
  items: unknown[],
  key: string,
  max: number,
  what: string,
  sink: IssueSink,
  keepHead = false,
): unknown[] {
  if (items.length <= max) return items;
  sink.report('too-large', [key], `at most ${max} ${what} in a scenario, got ${items.length}`);
  return keepHead ? items.slice(0, max) : [];
}

function checkVersion(version: unknown, sink: IssueSink): void {
  if (version === undefined || version === null) {
    sink.report('version-missing', ['version'], 'required field "version" is missing');
  } else if (version !== FORMAT_VERSION) {
    sink.report(
      'version-unsupported',
      ['version'],
      `unsupported format version ${describeValue(version)} (expected 1)`,
    );
  }
}

function readProfile(profile: string | undefined, sink: IssueSink): Profile {
  if (profile === undefined) return defaultProfile();
  if (isProfile(profile)) return profile;
  // Keep going with the default profile's defaults so that the rest of the document is still checked.
  sink.report(
    'unknown-profile',
    ['profile'],
    `unknown profile ${quote(profile)} (expected one of ${profileNames().join(', ')})`,
  );
  return defaultProfile();
}

/** `dir/AC1-consolidate.yaml` → `AC1-consolidate`. */
function defaultName(fileName: string | undefined): string {
  if (fileName === undefined) return UNTITLED;
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const stem = base.includes('.') && !base.startsWith('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  return stem === '' ? UNTITLED : stem;
}
