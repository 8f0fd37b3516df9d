/**
 * `nodes` entries (and `addNode` events): capacity, labels, and `count` expansion.
 */
import type { NodeSpec } from '../model/scenario';
import type { Resources } from '../model/resources';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { readFields } from './readFields';
import { applyNodeGpuMemory } from './readGpuMemory';
import { NODE_FIELDS, NODE_RESOURCE_FIELDS } from './schema';

/**
 * One entry as a list of nodes: `count: N` expands to `<name>-0` … `<name>-(N-1)`; without `count` the
 * list has the one node. Omitted resources are unconstrained (`Infinity`).
 */
export function normaliseNode(raw: unknown, path: FieldPath, ctx: NormaliseContext): NodeSpec[] {
  const f = readFields(raw, path, NODE_FIELDS, ctx.sink, {
    required: ['name'],
    what: 'a node ({name, resources})',
  });
  if (f === null || f.name === undefined) return [];
  if (!ctx.budget.take('nodes', f.count ?? 1, f.count === undefined ? path : [...path, 'count'])) return [];
  const r =
    f.resources === undefined
      ? {}
      : (readFields(f.resources, [...path, 'resources'], NODE_RESOURCE_FIELDS, ctx.sink, {
          what: 'a resource mapping',
        }) ?? {});
  const resources: Resources = {
    gpu: r.gpu ?? Infinity,
    cpu: r.cpu ?? Infinity,
    memory: r.memory ?? Infinity,
    pods: r.pods ?? Infinity,
  };
  const name = f.name;
  const names = f.count === undefined ? [name] : Array.from({ length: f.count }, (_, i) => `${name}-${i}`);
  const nodes = names.map((nodeName) => {
    const node: NodeSpec = { name: nodeName, resources: { ...resources }, labels: { ...(f.labels ?? {}) } };
    ctx.origins.set(node, path);
    return node;
  });
  applyNodeGpuMemory(nodes, r.gpuMemory, path, ctx);
  return nodes;
}
