/**
 * Issue 19's import benchmark (`npm run bench:engine`): a generated KAI snapshot of 4,000 nodes × 8 GPUs and
 * 140,000 pods (src/engine/testing/kaiSnapshot/generateKaiSnapshot.ts) is zipped as /get-snapshot writes
 * it, then imported in a fresh Node process (so its peak memory is the import's own): import time, the
 * scenario's size, parsing it, and its first session. Prints figures; never fails on time.
 *   node --expose-gc --import tsx scripts/bench-kai-snapshot.ts [--pods N] [--nodes N]
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createSimulation,
  importClusterBytes,
  importClusterBytesAsync,
  parseScenario,
} from '../src/engine/index';
import { kaiSnapshotZip, PRODUCTION_SNAPSHOT } from '../src/engine/testing/kaiSnapshot/generateKaiSnapshot';

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const line = (label: string, value: string, target = '') =>
  console.log(`${label.padEnd(58)} ${value.padStart(14)}${target ? `   (target ${target})` : ''}`);

interface Figures {
  importMs: number;
  importCpuMs: number;
  asyncMs: number;
  asyncCpuMs: number;
  asyncSame: boolean;
  parseMs: number;
  sessionMs: number;
  redactMs: number;
  textBytes: number;
  imported: Record<string, number>;
  now: { iso: string; field: string } | null;
  heapAfterImportMb: number;
  maxRssMb: number;
}

async function importOnly(file: string): Promise<void> {
  const bytes = new Uint8Array(readFileSync(file));
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const result = importClusterBytes(bytes, { fileName: 'snapshot.zip' });
  const importMs = ms(t0);
  const cpu = process.cpuUsage(cpu0);
  // CPU time as well as wall time: on a shared machine the wall clock measures the neighbours too.
  const importCpuMs = (cpu.user + cpu.system) / 1000;
  if (!result.ok) throw new Error(result.errors.join('\n'));
  const heapAfterImport = process.memoryUsage().heapUsed;
  const t1 = process.hrtime.bigint();
  const parsed = parseScenario(result.text);
  const parseMs = ms(t1);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
  const t2 = process.hrtime.bigint();
  const sim = createSimulation(parsed.scenario);
  sim.step();
  const sessionMs = ms(t2);
  // The app's entry: the platform's DecompressionStream inflates (decision 0170); the same text is expected.
  const asyncT = process.hrtime.bigint();
  const asyncCpu0 = process.cpuUsage();
  const viaAsync = await importClusterBytesAsync(bytes, { fileName: 'snapshot.zip' });
  const asyncMs = ms(asyncT);
  const asyncCpu = process.cpuUsage(asyncCpu0);
  const redactT = process.hrtime.bigint();
  const redacted = importClusterBytes(bytes, { fileName: 'snapshot.zip', redact: true });
  const redactMs = ms(redactT);
  console.log(
    JSON.stringify({
      importMs,
      importCpuMs,
      asyncMs,
      asyncCpuMs: (asyncCpu.user + asyncCpu.system) / 1000,
      asyncSame: viaAsync.ok && viaAsync.text === result.text,
      parseMs,
      sessionMs,
      redactMs,
      redactedOk: redacted.ok,
      textBytes: result.text.length,
      imported: result.imported,
      unmappedGroups: result.unmapped.length,
      now: result.now,
      heapAfterImportMb: heapAfterImport / 1e6,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    }),
  );
}

const args = process.argv.slice(2);
if (args[0] === '--import-only') await importOnly(args[1] as string);
else {
  const flag = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i < 0 ? fallback : Number(args[i + 1]);
  };
  const shape = {
    ...PRODUCTION_SNAPSHOT,
    pods: flag('--pods', PRODUCTION_SNAPSHOT.pods),
    nodes: flag('--nodes', PRODUCTION_SNAPSHOT.nodes),
  };
  console.log(
    `\nKAI snapshot import (issue 19): ${shape.nodes} nodes x ${shape.gpusPerNode} GPUs, ${shape.pods} pods`,
  );
  const t0 = process.hrtime.bigint();
  const { zip, jsonBytes } = kaiSnapshotZip(shape);
  line('generate and zip the snapshot (not the import)', `${(ms(t0) / 1000).toFixed(1)} s`);
  line(
    'snapshot.json / snapshot.zip',
    `${(jsonBytes / 1e6).toFixed(0)} / ${(zip.length / 1e6).toFixed(1)} MB`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'kai-snapshot-'));
  const file = join(dir, 'snapshot.zip');
  writeFileSync(file, zip);
  try {
    const out = execFileSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), '--import-only', file],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 24,
      },
    );
    const f = JSON.parse(out.trim().split('\n').pop() as string) as Figures;
    line(
      'import (unzip, split, map, write the scenario)',
      `${f.importMs.toFixed(0)} ms`,
      '< 5 s to the first session in the app',
    );
    line('  its CPU time (user + system)', `${f.importCpuMs.toFixed(0)} ms`);
    line(
      '  importClusterBytesAsync (DecompressionStream), CPU',
      `${f.asyncMs.toFixed(0)} ms, ${f.asyncCpuMs.toFixed(0)} ms`,
    );
    if (!f.asyncSame) console.log('  ERROR: importClusterBytesAsync gave another text');
    line('  the same with --redact', `${f.redactMs.toFixed(0)} ms`);
    line('parse the scenario text', `${f.parseMs.toFixed(0)} ms`);
    line('first session', `${f.sessionMs.toFixed(0)} ms`);
    line(
      'import + parse + first session',
      `${(f.importMs + f.parseMs + f.sessionMs).toFixed(0)} ms`,
      '< 5 s',
    );
    line('scenario text', `${(f.textBytes / 2 ** 20).toFixed(1)} MiB`, '<= 16 MiB');
    line(
      'imported nodes / queues / jobs / tasks',
      `${f.imported.nodes} / ${f.imported.queues} / ${f.imported.jobs} / ${f.imported.tasks}`,
    );
    line('peak resident memory of the import process', `${f.maxRssMb.toFixed(0)} MB`);
    line('heap in use after the import', `${f.heapAfterImportMb.toFixed(0)} MB`);
    console.log(`  now (t=0): ${f.now?.iso ?? 'none'} from ${f.now?.field ?? '-'}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
