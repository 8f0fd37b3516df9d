/**
 * What a snapshot holds that the engine does not model, grouped by kind of thing (what, reason, count,
 * first object paths), never dropped silently (issue 19). Fields that never change a scheduling decision
 * are set aside only when they match {@link SET_ASIDE}, the documented allow-list (docs/scenario-format.md
 * §17.3); everything else a FieldTracker left unused is listed.
 */
import type { UnmappedField } from '../FieldTracker';
import { MAX_UNMAPPED_GROUPS, MAX_UNMAPPED_PATHS } from './clusterLimits';
import { showRef, type Namer, type ObjectRef } from './objectRef';

export interface UnmappedGroup {
  what: string;
  reason: string;
  count: number;
  paths: string[];
}

/** Field paths with list indexes as `[]`: `spec.containers.0.ports` → `spec.containers[].ports`. */
export const normalisePath = (field: string): string => field.replace(/\.(\d+)(?=\.|$)/g, '[]');

/**
 * The allow-list: how a pod runs, not where it may run, and observed state. Matched against the normalised
 * path of a field the mapping did not read. Label and annotation keys are matched apart ({@link setAsideKey}).
 */
const SET_ASIDE: Record<string, RegExp[]> = {
  '*': [/^status(\..*)?$/, /^metadata\.(generateName|deletionGracePeriodSeconds|labels|annotations)$/],
  Pod: [
    /^spec\.(containers|initContainers|ephemeralContainers)\[\]\.(name|image|imagePullPolicy|command|args|env|envFrom|workingDir|volumeMounts|volumeDevices|livenessProbe|readinessProbe|startupProbe|lifecycle|terminationMessagePath|terminationMessagePolicy|securityContext|stdin|stdinOnce|tty|resizePolicy|restartPolicy)(\[\]|\.|$)/,
    /^spec\.(containers|initContainers)\[\]\.ports\[\]\.(name|containerPort|protocol)$/,
    /^spec\.(restartPolicy|terminationGracePeriodSeconds|activeDeadlineSeconds|dnsPolicy|dnsConfig|serviceAccountName|serviceAccount|automountServiceAccountToken|securityContext|hostname|subdomain|enableServiceLinks|imagePullSecrets|shareProcessNamespace|setHostnameAsFQDN|hostAliases|runtimeClassName|os|readinessGates)(\[\]|\.|$)/,
    /^spec\.volumes\[\]\.(name|configMap|secret|emptyDir|projected|downwardAPI|hostPath)(\[\]|\.|$)/,
  ],
  Node: [/^spec\.(podCIDR|podCIDRs|providerID|externalID|configSource)(\[\]|\.|$)/],
  Queue: [/^spec\.displayName$/],
  BindRequest: [/^spec\.(selectedGPUGroups|receivedResourceType|receivedGPU|backoffLimit)(\[\]|\.|$)/],
};

/**
 * Label and annotation keys KAI reads (upstream pkg/common/constants/constants.go:53-80): never set aside.
 * Other keys are set aside: labels matter only to other objects' selectors (affinity, itself listed).
 */
const KAI_KEYS =
  /^(kai\.scheduler\/|runai[/-]|nvidia\.com\/|gpu-|mps$|received-resource-type$|pod-group-name$|scheduling\.k8s\.io\/group-name$)/;

/** KAI keys that describe an object's owner for its own bookkeeping (the pod grouper's), not scheduling. */
const KAI_BOOKKEEPING_KEYS = new Set(['kai.scheduler/top-owner-metadata']);

function setAsideKey(normalised: string): boolean {
  const m = /^metadata\.(labels|annotations)\.(.*)$/.exec(normalised);
  if (m === null) return false;
  const key = m[2] as string;
  return KAI_BOOKKEEPING_KEYS.has(key) || !KAI_KEYS.test(key);
}

/** A pod's spec fields that say how it runs, not where (the allow-list of §17.3, as sets for {@link prunePod}). */
const POD_SPEC_SET_ASIDE = new Set([
  'restartPolicy',
  'terminationGracePeriodSeconds',
  'activeDeadlineSeconds',
  'dnsPolicy',
  'dnsConfig',
  'serviceAccountName',
  'serviceAccount',
  'automountServiceAccountToken',
  'securityContext',
  'hostname',
  'subdomain',
  'enableServiceLinks',
  'imagePullSecrets',
  'shareProcessNamespace',
  'setHostnameAsFQDN',
  'hostAliases',
  'runtimeClassName',
  'os',
  'readinessGates',
]);
const CONTAINER_SET_ASIDE = new Set([
  'image',
  'imagePullPolicy',
  'command',
  'args',
  'env',
  'envFrom',
  'workingDir',
  'volumeMounts',
  'volumeDevices',
  'livenessProbe',
  'readinessProbe',
  'startupProbe',
  'lifecycle',
  'terminationMessagePath',
  'terminationMessagePolicy',
  'securityContext',
  'stdin',
  'stdinOnce',
  'tty',
  'resizePolicy',
]);
const VOLUME_SOURCES_SET_ASIDE = new Set([
  'name',
  'configMap',
  'secret',
  'emptyDir',
  'projected',
  'downwardAPI',
  'hostPath',
]);
const METADATA_SET_ASIDE = [
  'managedFields',
  'ownerReferences',
  'uid',
  'resourceVersion',
  'generation',
  'generateName',
  'selfLink',
  'finalizers',
];

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Removes from a pod (in place, before it is mapped) what the allow-list sets aside, so that the field
 * walk that lists the rest looks at a few dozen fields, not hundreds (a 140,000-pod snapshot, issue 19):
 * the same fields the patterns of {@link SET_ASIDE} name, and `status` but for `phase` and `startTime`.
 */
export function prunePod(pod: Record<string, unknown>): void {
  const metadata = pod.metadata;
  if (isObject(metadata)) {
    for (const key of METADATA_SET_ASIDE) delete metadata[key];
    for (const part of ['labels', 'annotations'] as const) {
      const m = metadata[part];
      if (isObject(m)) for (const key of Object.keys(m)) if (!KAI_KEYS.test(key)) delete m[key];
    }
  }
  const status = pod.status;
  if (isObject(status))
    pod.status = {
      ...(status.phase !== undefined ? { phase: status.phase } : {}),
      ...(status.startTime !== undefined ? { startTime: status.startTime } : {}),
    };
  const spec = pod.spec;
  if (!isObject(spec)) return;
  for (const key of Object.keys(spec)) if (POD_SPEC_SET_ASIDE.has(key)) delete spec[key];
  for (const list of ['containers', 'initContainers', 'ephemeralContainers'] as const) {
    const containers = spec[list];
    if (!Array.isArray(containers)) continue;
    for (const c of containers as unknown[]) {
      if (!isObject(c)) continue;
      for (const key of Object.keys(c)) if (CONTAINER_SET_ASIDE.has(key)) delete c[key];
      if (
        Array.isArray(c.ports) &&
        c.ports.every((p) => isObject(p) && p.hostPort === undefined && p.hostIP === undefined)
      )
        delete c.ports;
    }
  }
  if (Array.isArray(spec.volumes)) {
    const kept = (spec.volumes as unknown[]).filter(
      (v) => !isObject(v) || Object.keys(v).some((k) => !VOLUME_SOURCES_SET_ASIDE.has(k)),
    );
    if (kept.length === 0) delete spec.volumes;
    else spec.volumes = kept;
  }
}

/** A thing not modelled, with its reason: the first matching prefix names the group. */
const REASONS: [RegExp, string, string][] = [
  [/^spec\.affinity/, 'spec.affinity', 'node and pod affinity are not modelled'],
  [/^spec\.tolerations/, 'spec.tolerations', 'taints and tolerations are not modelled'],
  [/^spec\.taints/, 'spec.taints', 'taints and tolerations are not modelled'],
  [/^spec\.topologySpreadConstraints/, 'spec.topologySpreadConstraints', 'topology spread is not modelled'],
  [/^spec\.resourceClaims/, 'spec.resourceClaims', 'DRA resource claims are not modelled'],
  [
    /^spec\.(resourceClaimAllocations|extendedResourceClaimAllocation)/,
    'spec.resourceClaimAllocations',
    'DRA resource claims are not modelled',
  ],
  [
    /^spec\.volumes\[\]/,
    'spec.volumes (claims and other volume sources)',
    'volumes and their binding are not modelled',
  ],
  [
    /^spec\.schedulingGates/,
    'spec.schedulingGates',
    'scheduling gates are not modelled: the pod is scheduled as if ungated',
  ],
  [/^spec\.overhead/, 'spec.overhead', 'pod overhead is not added to the request'],
  [
    /^spec\.unschedulable/,
    'spec.unschedulable',
    'a cordoned node takes no new pods in KAI; the scenario has no such node state and places pods on it',
  ],
  [
    /^spec\.(hostNetwork|hostPID|hostIPC)|\.ports\[\]\.host/,
    'host network and ports',
    'host port conflicts are not modelled',
  ],
  [
    /^spec\.(markUnschedulable|schedulingBackoff)/,
    'spec.schedulingBackoff / markUnschedulable',
    'scheduling back-off is not modelled',
  ],
  [/^spec\.preemptionDelay/, 'spec.preemptionDelay', 'a pod group preemption delay is not modelled'],
  [/^spec\.predictedNUMAZones/, 'spec.predictedNUMAZones', 'NUMA placement is not modelled'],
  [
    /^metadata\.deletionTimestamp/,
    'metadata.deletionTimestamp (terminating)',
    'not an RFC 3339 time: the pod runs as not terminating (a readable one is the task field deletionTimestamp, §23.4)',
  ],
  [
    /^metadata\.annotations\.gpu-memory$/,
    'metadata.annotations.gpu-memory',
    'a GPU-memory request must be a whole number of MiB (§23.3)',
  ],
  [
    /^metadata\.annotations\.gpu-fraction-num-devices$/,
    'metadata.annotations.gpu-fraction-num-devices',
    'a device count is read only with gpu-memory, as a whole number from 1 (§23.3)',
  ],
  [
    /\.resources\.(requests|limits)\./,
    'container resources other than nvidia.com/gpu, cpu, memory',
    'only GPUs, CPU, memory and pods are modelled',
  ],
];

interface Group {
  what: string;
  reason: string;
  count: number;
  refs: { ref: ObjectRef; field: string }[];
}

export class UnmappedCollector {
  private readonly groups = new Map<string, Group>();

  /** Records `count` things of one kind (a whole list, a config entry): `what` and `reason` as given. */
  add(what: string, reason: string, ref: ObjectRef | null, field: string, count = 1): void {
    let g = this.groups.get(what);
    if (g === undefined) {
      g = { what, reason, count: 0, refs: [] };
      this.groups.set(what, g);
    }
    g.count += count;
    if (ref !== null && g.refs.length < MAX_UNMAPPED_PATHS) g.refs.push({ ref, field });
  }

  /** Files what a tracker left unused for one object, once per group per object, after the allow-list. */
  addFields(kind: string, ref: ObjectRef, fields: UnmappedField[]): void {
    const seen = new Set<string>();
    for (const f of fields) {
      const normalised = normalisePath(f.field);
      if (setAside(kind, normalised)) continue;
      const known = REASONS.find(([re]) => re.test(normalised));
      const what = `${kind} ${known === undefined ? normalised : known[1]}`;
      if (seen.has(what)) continue;
      seen.add(what);
      const reason = known?.[2] ?? f.reason ?? 'the simulator has no such input';
      this.add(what, reason, ref, f.field);
    }
  }

  /** The groups, in the order first met, paths rendered through `namer`; past the bound, one more group counts the rest. */
  result(namer: Namer): UnmappedGroup[] {
    const all = [...this.groups.values()];
    const listed = all.slice(0, MAX_UNMAPPED_GROUPS).map((g) => ({
      what: g.what,
      reason: g.reason,
      count: g.count,
      paths: g.refs.map(({ ref, field }) =>
        field === '' ? showRef(ref, namer) : `${showRef(ref, namer)}: ${field}`,
      ),
    }));
    const rest = all.slice(MAX_UNMAPPED_GROUPS);
    if (rest.length > 0)
      listed.push({
        what: `${rest.length} more kinds of field`,
        reason: `only the first ${MAX_UNMAPPED_GROUPS} kinds are listed`,
        count: rest.reduce((n, g) => n + g.count, 0),
        paths: [],
      });
    return listed;
  }
}

function setAside(kind: string, normalised: string): boolean {
  if (setAsideKey(normalised)) return true;
  const rules = [...(SET_ASIDE['*'] as RegExp[]), ...(SET_ASIDE[kind] ?? [])];
  return rules.some((re) => re.test(normalised));
}
