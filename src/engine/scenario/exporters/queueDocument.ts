/** Pieces every profile's exported Queue object shares (exportKubernetesYaml.ts, profiles/<name>/kubernetes). */
import { QUEUE_RESOURCE_NAMES } from '../../model/resources';
import type { QueueSpec } from '../../model/scenario';
import { labAnnotations } from './exportWorkloads';

type Data = Record<string, unknown>;

/** Every resource's quota, limit and over-quota weight, in full: the CRD has no defaults (an omitted limit is 0). */
export function scenarioResources(q: QueueSpec): Data {
  const out: Data = {};
  for (const r of QUEUE_RESOURCE_NAMES) out[r] = { ...q.resources[r] };
  return out;
}

/** A `Queue` object; what its CRD cannot hold travels in lab annotations. */
export function queueDocument(
  apiVersion: string,
  name: string,
  spec: Data,
  carried: Data,
  status: Data | null,
): Data {
  const metadata: Data = { name };
  if (Object.keys(carried).length > 0) metadata.annotations = labAnnotations(carried);
  const out: Data = { apiVersion, kind: 'Queue', metadata, spec };
  if (status !== null) out.status = status;
  return out;
}
