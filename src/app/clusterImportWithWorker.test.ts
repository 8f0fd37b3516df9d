import { describe, expect, it } from 'vitest';
import { createClusterImportClient, type ImportWorkerPort } from '../client/ClusterImportClient';
import type {
  ClusterImportProgress,
  ClusterImportResult,
  ImportWorkerMessage,
  TraceImportOptions,
  TraceImportResult,
} from '../protocol/clusterImport';
import { createClusterImportStore } from '../store/clusterImport/createClusterImportStore';
import { strToU8, zipSync } from 'fflate';
import { createClusterImportHost, type ClusterImportEngine } from '../worker/ClusterImportHost';
import { CLUSTER_IMPORT_ENGINE } from '../worker/clusterImportEngine';
import { MAX_SHARD_FILES } from '../protocol/clusterImport';
import { MAX_MERGED_SNAPSHOTS } from '../engine/index';
import { shardSnapshot } from '../engine/testing/kaiSnapshot/shardSnapshots';

/** An import worker in this thread: the real host, messages cloned as postMessage would. */
function inProcessPort(engine: ClusterImportEngine, now: () => number, log: string[]): ImportWorkerPort {
  let deliver: ((m: ImportWorkerMessage) => void) | null = null;
  let isTerminated = false;
  const host = createClusterImportHost({
    engine,
    now,
    post: (message) => {
      if (!isTerminated) setTimeout(() => deliver?.(structuredClone(message)), 0);
    },
  });
  return {
    post: (command) => void host.handle(command),
    listen(onMessage) {
      deliver = onMessage;
    },
    terminate() {
      isTerminated = true;
      log.push('terminated');
    },
  };
}

const OK: ClusterImportResult = {
  ok: true,
  source: 'kai-snapshot',
  text: 'name: imported\n',
  imported: { nodes: 2, queues: 1, jobs: 1, tasks: 2 },
  unmapped: [{ what: 'pod affinity', reason: 'not modelled', count: 1, paths: ['Pod/ns/p: spec.affinity'] }],
  notes: [],
  now: { iso: '2026-01-01T00:00:00Z', field: 'status.startTime' },
  redaction: null,
};

/** No trace: the cluster tests' engine tells only zips apart. */
const NO_TRACE = {
  detectTraceFormat: () => null,
  importTraceBytes: (): TraceImportResult => ({ ok: false, errors: [] }),
  maxTraceFileBytes: 64,
  createShardBatch: CLUSTER_IMPORT_ENGINE.createShardBatch,
  tooManySnapshots: CLUSTER_IMPORT_ENGINE.tooManySnapshots,
};

function fakeEngine(seen: { redact?: boolean }, result = OK): ClusterImportEngine {
  return {
    ...NO_TRACE,
    maxFileBytes: 64,
    looksLikeClusterFile: (bytes) => bytes[0] === 0x50 && bytes[1] === 0x4b,
    looksLikeSnapshot: (bytes) => bytes[0] === 0x50,
    importClusterBytes(_bytes, options) {
      seen.redact = options.redact;
      for (let i = 0; i < 5; i++) options.onProgress({ phase: 'unzip', done: i, total: 5 });
      options.onProgress({ phase: 'map', done: 1, total: 1 });
      return result;
    },
  };
}

const zipFile = () => new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'snapshot.zip');

function setup(engine: ClusterImportEngine) {
  const log: string[] = [];
  let clock = 0;
  const store = createClusterImportStore({
    createClient: () => createClusterImportClient(() => inProcessPort(engine, () => clock++, log)),
    now: () => 1000,
  });
  return { store, log };
}

describe('cluster import (store + client + host in process)', () => {
  it('opens a zip as a cluster file, imports it with redaction, and ends its worker', async () => {
    const seen: { redact?: boolean } = {};
    const progress: ClusterImportProgress[] = [];
    const { store, log } = setup(fakeEngine(seen));
    store.subscribe((s) => s.progress !== null && progress.push(s.progress));
    expect(await store.getState().actions.open(zipFile())).toBe('cluster');
    expect(store.getState().step).toBe('ready');
    store.getState().actions.setRedact(true);
    const result = await store.getState().actions.start();
    expect(result?.text).toBe('name: imported\n');
    expect(seen.redact).toBe(true);
    const state = store.getState();
    expect(state.step).toBe('done');
    expect(state.report).toMatchObject({ imported: { nodes: 2 }, now: { field: 'status.startTime' } });
    expect(state.report).not.toHaveProperty('text');
    // Progress is spaced (100 ms of the host's clock): the first of each phase, not all five unzip steps.
    expect(progress.map((p) => p.phase)).toEqual(['unzip', 'map']);
    expect(log).toEqual(['terminated']);
  });

  it('tells a scenario from a cluster file by content, whatever its name', async () => {
    const { store, log } = setup(fakeEngine({}));
    const yaml = new File(['name: x\n'], 'snapshot.zip');
    expect(await store.getState().actions.open(yaml)).toBe('other');
    expect(store.getState().step).toBe('idle');
    expect(log).toEqual(['terminated']);
  });

  it('refuses a file over the bound before reading it, naming both sizes', async () => {
    const { store } = setup(fakeEngine({}));
    expect(await store.getState().actions.open(new File([new Uint8Array(65)], 'big.zip'))).toBe('failed');
    expect(store.getState().step).toBe('failed');
    expect(store.getState().errors).toEqual([
      'the file has 65 bytes (0.0 MiB); a cluster file is at most 64 bytes (0.0 MiB)',
    ]);
  });

  it('shows the engine errors and hands nothing to load', async () => {
    const { store } = setup(fakeEngine({}, { ok: false, errors: ['snapshot.zip: no snapshot.json entry'] }));
    await store.getState().actions.open(zipFile());
    expect(await store.getState().actions.start()).toBeNull();
    expect(store.getState()).toMatchObject({
      step: 'failed',
      errors: ['snapshot.zip: no snapshot.json entry'],
    });
  });

  it('Cancel terminates the worker and forgets the import', async () => {
    const { store, log } = setup(fakeEngine({}));
    await store.getState().actions.open(zipFile());
    const started = store.getState().actions.start();
    store.getState().actions.cancel();
    expect(await started).toBeNull();
    expect(store.getState()).toMatchObject({ step: 'idle', report: null });
    expect(log).toContain('terminated');
  });

  it('with the real engine: a zipped snapshot imports redacted, the table keeps the originals, the text none', async () => {
    const snapshot = {
      config: { actions: 'allocate, reclaim', tiers: [{ plugins: [{ name: 'proportion' }] }] },
      schedulerParams: {},
      rawObjects: {
        nodes: [{ metadata: { name: 'secret-node' }, status: { allocatable: { 'nvidia.com/gpu': '8' } } }],
        queues: [{ metadata: { name: 'secret-queue' }, spec: { resources: { gpu: { quota: 8 } } } }],
        podGroups: [
          {
            metadata: { name: 'secret-job', namespace: 'secret-ns' },
            spec: { minMember: 1, queue: 'secret-queue' },
          },
        ],
        pods: [
          {
            metadata: {
              name: 'secret-pod',
              namespace: 'secret-ns',
              annotations: { 'pod-group-name': 'secret-job' },
            },
            spec: {
              schedulerName: 'kai-scheduler',
              containers: [{ resources: { limits: { 'nvidia.com/gpu': '2' } } }],
            },
            status: { phase: 'Pending' },
          },
        ],
      },
    };
    const { store } = setup(CLUSTER_IMPORT_ENGINE);
    const file = new File([zipSync({ 'snapshot.json': strToU8(JSON.stringify(snapshot)) })], 'snapshot.zip');
    expect(await store.getState().actions.open(file)).toBe('cluster');
    expect(store.getState().format).toBe('kai-snapshot');
    store.getState().actions.setRedact(true);
    const result = await store.getState().actions.start();
    expect(result?.ok).toBe(true);
    expect(result?.text).not.toMatch(/secret/);
    expect(store.getState().report?.imported).toEqual({ nodes: 1, queues: 1, jobs: 1, tasks: 1 });
    expect(
      store
        .getState()
        .report?.redaction?.map((r) => r.original)
        .sort(),
    ).toEqual(['secret-job', 'secret-node', 'secret-ns', 'secret-pod', 'secret-queue']);
  });

  it('with the real engine: a Kubernetes YAML bundle is a cluster file, redacted as a snapshot is', async () => {
    const { store } = setup(CLUSTER_IMPORT_ENGINE);
    const yaml =
      'apiVersion: v1\nkind: Node\nmetadata:\n  name: secret-node\nstatus:\n  allocatable:\n    nvidia.com/gpu: "8"\n';
    expect(await store.getState().actions.open(new File([yaml], 'nodes.yaml'))).toBe('cluster');
    expect(store.getState().format).toBe('kubernetes-yaml');
    store.getState().actions.setRedact(true);
    const result = await store.getState().actions.start();
    expect(result?.ok).toBe(true);
    expect(result?.text).not.toContain('secret');
    expect(store.getState().report).toMatchObject({ source: 'kubernetes-yaml', imported: { nodes: 1 } });
    expect(store.getState().report?.redaction).toEqual([
      { kind: 'node', original: 'secret-node', pseudonym: 'node-1' },
    ]);
  });

  it('opens a GPU trace by its content, imports it again with other options after an error, then closes its worker', async () => {
    const seen: TraceImportOptions[] = [];
    const report = {
      format: 'helios' as const,
      rows: 3,
      jobs: 2,
      nodes: 1,
      gpusPerNode: 8,
      queues: [{ name: 'vc1', source: 'vc1', jobs: 2, quotaGpu: 8, peakGpu: 8 }],
      skipped: [{ reason: 'no GPUs requested', count: 1, firstRows: [3] }],
      traceSpanMs: 86_400_000,
      scenarioSpanMs: 3_600_000,
      compress: 24,
      notes: [],
    };
    const engine: ClusterImportEngine = {
      ...fakeEngine({}),
      detectTraceFormat: (head) => (head.startsWith('job_id,') ? 'helios' : null),
      importTraceBytes(bytes, options) {
        seen.push(options);
        expect(new TextDecoder().decode(bytes)).toBe('job_id,vc\n');
        return options.firstJobs === 1
          ? { ok: false, errors: [{ message: 'keeps no job', line: 2, field: 'submit_time' }] }
          : { ok: true, text: 'name: trace\n', report };
      },
    };
    const { store, log } = setup(engine);
    const trace = new File(['job_id,vc\n'], 'cluster_log.zip');
    expect(await store.getState().actions.open(trace)).toBe('trace');
    expect(store.getState()).toMatchObject({ step: 'ready', kind: 'trace', traceFormat: 'helios' });

    await store.getState().actions.startTrace({ format: 'helios', firstJobs: 1 });
    expect(store.getState()).toMatchObject({
      step: 'ready',
      traceErrors: [{ message: 'keeps no job', line: 2, field: 'submit_time' }],
    });
    await store.getState().actions.startTrace({ format: 'helios', compress: 24 });
    expect(store.getState()).toMatchObject({ step: 'done', trace: { text: 'name: trace\n', report } });
    expect(seen).toEqual([
      { format: 'helios', firstJobs: 1 },
      { format: 'helios', compress: 24 },
    ]);
    expect(log).toEqual([]); // the worker keeps the file for another try
    store.getState().actions.editTraceOptions();
    expect(store.getState().step).toBe('ready');
    store.getState().actions.close();
    expect(store.getState()).toMatchObject({ step: 'idle', trace: null });
    expect(log).toEqual(['terminated']);
  });

  it('with the real engine: the Helios sample opens as a trace and imports with a day into an hour', async () => {
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync('src/engine/scenario/importers/trace/fixtures/helios-cluster_log.csv');
    const { store } = setup(CLUSTER_IMPORT_ENGINE);
    // Named like a scenario: the content decides.
    expect(await store.getState().actions.open(new File([bytes], 'trace.yaml'))).toBe('trace');
    expect(store.getState().traceFormat).toBe('helios');
    await store.getState().actions.startTrace({ format: 'helios', compress: 24 });
    const trace = store.getState().trace;
    expect(trace?.report).toMatchObject({ format: 'helios', rows: 24, jobs: 20, compress: 24 });
    expect(trace?.report.skipped.map((s) => s.reason)).toContain('end before start');
    expect(trace?.text).toMatch(/^profile: kai$/m);
  });

  it('reads a file over the cluster bound only when its first bytes are a trace within the trace bound', async () => {
    const engine: ClusterImportEngine = {
      ...fakeEngine({}),
      maxFileBytes: 16,
      maxTraceFileBytes: 40,
      detectTraceFormat: (head) => (head.startsWith('job_id,') ? 'helios' : null),
    };
    const { store } = setup(engine);
    const trace = (n: number) => new File(['job_id,' + 'x'.repeat(n - 7)], 'big.csv');
    expect(await store.getState().actions.open(trace(32))).toBe('trace');
    expect(await store.getState().actions.open(trace(41))).toBe('failed');
    expect(store.getState().errors).toEqual([
      'the file has 41 bytes (0.0 MiB); a GPU trace is at most 40 bytes (0.0 MiB)',
    ]);
    expect(await store.getState().actions.open(new File(['y'.repeat(32)], 'big.yaml'))).toBe('failed');
    expect(store.getState().errors).toEqual([
      'the file has 32 bytes (0.0 MiB); a cluster file is at most 16 bytes (0.0 MiB)',
    ]);
  });
});

describe('several KAI snapshots at once, one per shard (decision 0327)', () => {
  const shardFile = async (name: string, value: string, change?: (s: Record<string, unknown>) => void) => {
    const { readFileSync } = await import('node:fs');
    const base = JSON.parse(
      readFileSync(
        'src/engine/scenario/importers/cluster/fixtures/reclaim-min-runtime.snapshot.json',
        'utf8',
      ),
    ) as Record<string, unknown>;
    const snapshot = shardSnapshot(base, value);
    change?.(snapshot);
    return new File([JSON.stringify(snapshot)], name);
  };

  it('imports and merges them in one worker: a row per pool, and the worker ends', async () => {
    const { store, log } = setup(CLUSTER_IMPORT_ENGINE);
    const files = [await shardFile('a100.json', 'a100'), await shardFile('h100.json', 'h100')];
    const seen: string[] = [];
    store.subscribe((s) => {
      if (s.shardFile !== null && seen.at(-1) !== s.shardFile.name) seen.push(s.shardFile.name);
    });
    store.getState().actions.openShards(files);
    expect(store.getState()).toMatchObject({
      step: 'ready',
      shardFiles: [{ name: 'a100.json' }, { name: 'h100.json' }],
    });
    store.getState().actions.setRedact(true);
    expect(store.getState().redact).toBe(false); // merged shards are not redacted (§17.8)
    const result = await store.getState().actions.start();
    expect(result?.text).toMatch(/^nodePools:$/m);
    expect(store.getState().report?.shards?.map((s) => [s.file, s.pool, s.imported.nodes])).toEqual([
      ['a100.json', 'a100', 2],
      ['h100.json', 'h100', 1],
    ]);
    expect(seen).toEqual(['a100.json', 'h100.json']);
    expect(log).toEqual(['terminated']);
  });

  it('two views of one node: nothing to load, the error names both files; past the bound, before any read', async () => {
    const { store } = setup(CLUSTER_IMPORT_ENGINE);
    const conflicting = await shardFile('h100.json', 'h100', (s) => {
      const nodes = (s.rawObjects as Record<string, Record<string, Record<string, unknown>>[]>).nodes ?? [];
      if (nodes[0]?.metadata !== undefined) nodes[0].metadata.labels = { 'kai.scheduler/node-pool': 'h100' };
    });
    store.getState().actions.openShards([await shardFile('a100.json', 'a100'), conflicting]);
    expect(await store.getState().actions.start()).toBeNull();
    expect(store.getState()).toMatchObject({
      step: 'failed',
      errors: [
        'node "node-0" is in a100.json (nodes[0]) and in h100.json (nodes[0]): a node belongs to one shard (KAI lists it through one shard\'s label selector)',
      ],
    });
    const many = Array.from({ length: MAX_SHARD_FILES + 1 }, (_, i) => new File(['{}'], `s${i}.json`));
    store.getState().actions.openShards(many);
    expect(await store.getState().actions.start()).toBeNull();
    expect(store.getState().errors).toEqual([
      `at most ${MAX_SHARD_FILES} snapshots (one per node pool, §24), got ${MAX_SHARD_FILES + 1}`,
    ]);
    // The help text's bound is the engine's.
    expect(MAX_SHARD_FILES).toBe(MAX_MERGED_SNAPSHOTS);
  });
});
