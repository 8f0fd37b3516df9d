import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { findDuplicateKeys } from '../src/engine/scenario/duplicateKeys';
import { normaliseWithLocator } from '../src/engine/scenario/normaliseScenarioDocument';
import { createYamlLocator } from '../src/engine/scenario/yamlLocator';
const text = readFileSync('/tmp/prof/prod.yaml', 'utf8');
const phase = <T>(name: string, f: () => T): T => { const c = process.cpuUsage(); const t = performance.now(); const r = f(); console.log(name.padEnd(12), Math.round(performance.now() - t), 'ms wall', Math.round(process.cpuUsage(c).user / 1000), 'ms cpu'); return r; };
for (let i = 0; i < 2; i++) {
  const lc = new LineCounter();
  const doc = phase('yaml', () => parseDocument(text, { lineCounter: lc, prettyErrors: false, uniqueKeys: false }));
  phase('dupkeys', () => findDuplicateKeys(doc));
  const data = phase('toJS', () => doc.toJS({ maxAliasCount: 100 }));
  const r = phase('normalise', () => normaliseWithLocator(data, {}, createYamlLocator(doc, lc)));
  const json = JSON.stringify(data);
  phase('JSON.parse', () => JSON.parse(json));
  console.log(r.ok);
}
