/**
 * A deterministic, production-sized KAI snapshot for the import benchmark (issue 19): by default 4,000
 * nodes × 8 GPUs, 110 queues (10 departments × 10 teams under one root) and 140,000 pods: 8,000 DaemonSet
 * pods of the default scheduler (two per node), and KAI jobs of 1 to 8 pods each, whole-GPU, half-GPU
 * (`gpu-fraction`) or CPU-only, running until the GPUs are about 95% used, the rest pending. Each pod is
 * shaped like a real one (owner references, managed fields, probes, volumes, status with container
 * states), about 3 KB of JSON, so the snapshot is hundreds of MB before compression, as upstream's
 * snapshot plugin writes it (pkg/scheduler/plugins/snapshot/snapshot.go). No clock and no randomness: a
 * seeded generator, the same bytes every time. Also used by the app's end-to-end benchmark to write the zip.
 */
import { Zip, ZipDeflate } from 'fflate';
import { isoTime } from '../../scenario/importers/cluster/snapshotNow';
import { mulberry32 as rng } from '../mulberry32';

export interface KaiSnapshotShape {
  nodes: number;
  gpusPerNode: number;
  pods: number;
  seed: number;
}

export const PRODUCTION_SNAPSHOT: KaiSnapshotShape = { nodes: 4000, gpusPerNode: 8, pods: 140_000, seed: 19 };

/** "Now" of the generated snapshot: the latest timestamp in it (node heartbeats). */
const NOW_MS = 1_772_443_800_000; // 2026-03-02T09:30:00Z
const ts = (secondsBefore: number) => `${isoTime(NOW_MS - secondsBefore * 1000).slice(0, 19)}Z`;

const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);
const uidOf = (r: () => number) =>
  `${hex(r() * 2 ** 32, 8)}-${hex(r() * 2 ** 16, 4)}-4${hex(r() * 2 ** 12, 3)}-a${hex(r() * 2 ** 12, 3)}-${hex(r() * 2 ** 32, 8)}${hex(r() * 2 ** 16, 4)}`;

const KAI_CONFIG = {
  actions: 'allocate, consolidation, reclaim, preempt, stalegangeviction',
  tiers: [
    {
      plugins: [
        ...['predicates', 'proportion', 'priority', 'elastic', 'kubeflow', 'ray', 'nodeavailability'].map(
          (name) => ({
            name,
          }),
        ),
        ...['gpusharingorder', 'gpupack', 'resourcetype', 'subgrouporder', 'taskorder', 'nominatednode'].map(
          (name) => ({ name }),
        ),
        { name: 'dynamicresources' },
        { name: 'nodeplacement', arguments: { cpu: 'binpack', gpu: 'binpack' } },
        {
          name: 'minruntime',
          arguments: { defaultPreemptMinRuntime: '4m', defaultReclaimMinRuntime: '15m' },
        },
        { name: 'topology' },
        { name: 'snapshot' },
      ],
    },
  ],
};

const SCHEDULER_PARAMS = {
  schedulerName: 'kai-scheduler',
  partitionParams: { NodePoolLabelKey: '', NodePoolLabelValue: '' },
  maxNumberConsolidationPreemptees: 16,
  // A scheduler at upstream's default writes it (omitempty drops only false; options.go:124 @d5bc503).
  useSchedulingSignatures: true,
  numOfStatusRecordingWorkers: 5,
  globalDefaultStalenessGracePeriod: 60_000_000_000,
  schedulePeriod: 1_000_000_000,
  detailedFitErrors: false,
  queueLabelKey: 'kai.scheduler/queue',
};

const CLASSES: [string, number][] = [
  ['train', 50],
  ['build-preemptible', 75],
  ['interactive-preemptible', 75],
  ['build', 100],
  ['inference', 125],
];

function nodeObject(name: string, gpus: number, r: () => number, rack: number): unknown {
  return {
    metadata: {
      name,
      uid: uidOf(r),
      resourceVersion: String(1_000_000 + Math.floor(r() * 9_000_000)),
      creationTimestamp: ts(86_400 * 90),
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'nvidia.com/gpu.product': 'NVIDIA-H100-80GB-HBM3',
        'nvidia.com/gpu.count': String(gpus),
        'nvidia.com/gpu.memory': '81559',
        'topology.kubernetes.io/zone': `zone-${rack % 4}`,
        'cloud.example.com/rack': `rack-${rack}`,
        'node-role.kubernetes.io/gpu-worker': '',
      },
      annotations: {
        'node.alpha.kubernetes.io/ttl': '0',
        'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
      },
    },
    spec: { podCIDR: `10.${rack % 250}.${Math.floor(r() * 250)}.0/24`, providerID: `metal://${name}` },
    status: {
      capacity: {
        cpu: '128',
        memory: '2113612928Ki',
        'nvidia.com/gpu': String(gpus),
        pods: '110',
        'ephemeral-storage': '3750000000Ki',
      },
      allocatable: {
        cpu: '126',
        memory: '2000Gi',
        'nvidia.com/gpu': String(gpus),
        pods: '110',
        'ephemeral-storage': '3456000000000',
      },
      conditions: [
        {
          type: 'MemoryPressure',
          status: 'False',
          lastHeartbeatTime: ts(40),
          lastTransitionTime: ts(86_400 * 90),
          reason: 'KubeletHasSufficientMemory',
        },
        {
          type: 'Ready',
          status: 'True',
          lastHeartbeatTime: ts(Math.floor(r() * 40)),
          lastTransitionTime: ts(86_400 * 90),
          reason: 'KubeletReady',
        },
      ],
      nodeInfo: {
        kubeletVersion: 'v1.31.2',
        containerRuntimeVersion: 'containerd://1.7.22',
        osImage: 'Ubuntu 22.04.4 LTS',
      },
    },
  };
}

function queueObject(name: string, parent: string | null, gpuQuota: number, r: () => number): unknown {
  return {
    metadata: {
      name,
      uid: uidOf(r),
      resourceVersion: '88211',
      generation: 1,
      creationTimestamp: ts(86_400 * 60),
    },
    spec: {
      ...(parent === null ? {} : { parentQueue: parent }),
      displayName: name,
      resources: {
        gpu: { quota: gpuQuota, overQuotaWeight: 1, limit: -1 },
        cpu: { quota: -1, overQuotaWeight: 1, limit: -1 },
        memory: { quota: -1, overQuotaWeight: 1, limit: -1 },
      },
      ...(parent === null ? { reclaimMinRuntime: '10m' } : {}),
    },
    status: { childQueues: [], allocated: { 'nvidia.com/gpu': '0' } },
  };
}

interface PodPlan {
  name: string;
  ns: string;
  job: string;
  queue: string;
  cls: string;
  gpu: number;
  cpu: number;
  node: string | null;
  created: number;
  started: number;
  daemon: boolean;
}

function podObject(p: PodPlan, r: () => number): unknown {
  const image = p.daemon
    ? 'nvcr.io/nvidia/k8s/dcgm-exporter:3.3.8-3.6.0-ubuntu22.04'
    : 'nvcr.io/nvidia/pytorch:24.08-py3';
  const resources = p.daemon
    ? { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } }
    : {
        requests: {
          cpu: String(p.cpu),
          memory: `${p.cpu * 8}Gi`,
          ...(p.gpu >= 1 ? { 'nvidia.com/gpu': String(p.gpu) } : {}),
        },
        limits: { memory: `${p.cpu * 8}Gi`, ...(p.gpu >= 1 ? { 'nvidia.com/gpu': String(p.gpu) } : {}) },
      };
  const ownerUid = uidOf(r);
  const running = p.node !== null;
  return {
    metadata: {
      name: p.name,
      namespace: p.ns,
      uid: uidOf(r),
      resourceVersion: String(1_000_000 + Math.floor(r() * 9_000_000)),
      creationTimestamp: ts(p.created),
      generateName: `${p.job}-`,
      labels: p.daemon
        ? {
            app: 'dcgm-exporter',
            'controller-revision-hash': hex(r() * 2 ** 32, 8),
            'pod-template-generation': '3',
          }
        : {
            'kai.scheduler/queue': p.queue,
            'app.kubernetes.io/name': p.job,
            'batch.kubernetes.io/job-name': p.job,
            'batch.kubernetes.io/controller-uid': ownerUid,
            'training.example.com/role': 'worker',
          },
      annotations: p.daemon
        ? { 'kubectl.kubernetes.io/default-container': 'exporter' }
        : {
            'pod-group-name': p.job,
            ...(p.gpu > 0 && p.gpu < 1 ? { 'gpu-fraction': String(p.gpu) } : {}),
            'prometheus.io/scrape': 'true',
          },
      ownerReferences: [
        {
          apiVersion: p.daemon ? 'apps/v1' : 'batch/v1',
          kind: p.daemon ? 'DaemonSet' : 'Job',
          name: p.job,
          uid: ownerUid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
      managedFields: [
        {
          manager: 'kube-controller-manager',
          operation: 'Update',
          apiVersion: 'v1',
          time: ts(p.created),
          fieldsType: 'FieldsV1',
          fieldsV1: { 'f:metadata': { 'f:labels': {} }, 'f:spec': { 'f:containers': {} } },
        },
        ...(running
          ? [
              {
                manager: 'kubelet',
                operation: 'Update',
                apiVersion: 'v1',
                time: ts(p.started),
                fieldsType: 'FieldsV1',
                subresource: 'status',
                fieldsV1: { 'f:status': { 'f:conditions': {} } },
              },
            ]
          : []),
      ],
    },
    spec: {
      ...(running ? { nodeName: p.node } : {}),
      schedulerName: p.daemon ? 'default-scheduler' : 'kai-scheduler',
      ...(p.daemon
        ? {}
        : {
            priorityClassName: p.cls,
            priority: (CLASSES.find(([c]) => c === p.cls) as [string, number])[1],
            preemptionPolicy: 'PreemptLowerPriority',
          }),
      restartPolicy: p.daemon ? 'Always' : 'Never',
      terminationGracePeriodSeconds: 30,
      dnsPolicy: 'ClusterFirst',
      serviceAccountName: p.daemon ? 'dcgm-exporter' : 'default',
      serviceAccount: p.daemon ? 'dcgm-exporter' : 'default',
      securityContext: {},
      enableServiceLinks: true,
      containers: [
        {
          name: p.daemon ? 'exporter' : 'trainer',
          image,
          imagePullPolicy: 'IfNotPresent',
          command: p.daemon ? ['/usr/bin/dcgm-exporter'] : ['torchrun', '--nproc-per-node=auto', 'train.py'],
          args: p.daemon ? [] : ['--config', `/etc/train/${p.job}.yaml`, '--checkpoint-dir', '/checkpoints'],
          env: [
            { name: 'NCCL_DEBUG', value: 'WARN' },
            { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
          ],
          resources,
          ports: [{ name: 'metrics', containerPort: 9400, protocol: 'TCP' }],
          readinessProbe: {
            httpGet: { path: '/health', port: 9400, scheme: 'HTTP' },
            periodSeconds: 10,
            timeoutSeconds: 1,
            successThreshold: 1,
            failureThreshold: 3,
          },
          volumeMounts: [
            {
              name: 'kube-api-access',
              mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
              readOnly: true,
            },
            { name: 'dshm', mountPath: '/dev/shm' },
          ],
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
        },
      ],
      tolerations: [
        {
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
        {
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          effect: 'NoExecute',
          tolerationSeconds: 300,
        },
      ],
      volumes: [
        {
          name: 'kube-api-access',
          projected: {
            defaultMode: 420,
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
              { configMap: { name: 'kube-root-ca.crt', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
            ],
          },
        },
        { name: 'dshm', emptyDir: { medium: 'Memory', sizeLimit: '64Gi' } },
      ],
    },
    status: running
      ? {
          phase: 'Running',
          hostIP: `172.16.${Math.floor(r() * 250)}.${Math.floor(r() * 250)}`,
          podIP: `10.${Math.floor(r() * 250)}.${Math.floor(r() * 250)}.${Math.floor(r() * 250)}`,
          startTime: ts(p.started),
          qosClass: 'Burstable',
          conditions: [
            { type: 'PodScheduled', status: 'True', lastTransitionTime: ts(p.started) },
            { type: 'Initialized', status: 'True', lastTransitionTime: ts(p.started) },
            { type: 'Ready', status: 'True', lastTransitionTime: ts(Math.max(0, p.started - 20)) },
          ],
          containerStatuses: [
            {
              name: p.daemon ? 'exporter' : 'trainer',
              ready: true,
              started: true,
              restartCount: 0,
              image,
              imageID: `${image}@sha256:${hex(r() * 2 ** 32, 8)}`,
              containerID: `containerd://${hex(r() * 2 ** 32, 8)}`,
              state: { running: { startedAt: ts(Math.max(0, p.started - 20)) } },
            },
          ],
        }
      : {
          phase: 'Pending',
          qosClass: 'Burstable',
          conditions: [
            {
              type: 'PodScheduled',
              status: 'False',
              reason: 'Unschedulable',
              message: 'Not enough GPUs in the queue',
              lastTransitionTime: ts(Math.max(1, p.created - 30)),
            },
          ],
        },
  };
}

function podGroupObject(
  job: string,
  ns: string,
  queue: string,
  cls: string,
  minMember: number,
  created: number,
  lastStart: number | null,
  r: () => number,
): unknown {
  return {
    metadata: {
      name: job,
      namespace: ns,
      uid: uidOf(r),
      resourceVersion: String(1_000_000 + Math.floor(r() * 9_000_000)),
      generation: 1,
      creationTimestamp: ts(created),
      labels: { 'kai.scheduler/queue': queue },
      annotations: {
        'kai.scheduler/top-owner-metadata': `{"name":"${job}","group":"batch","version":"v1","kind":"Job"}`,
        ...(lastStart === null ? {} : { 'kai.scheduler/last-start-timestamp': ts(lastStart) }),
      },
      ownerReferences: [{ apiVersion: 'batch/v1', kind: 'Job', name: job, uid: uidOf(r), controller: true }],
    },
    spec: { minMember, queue, priorityClassName: cls },
    status: { resourcesStatus: {} },
  };
}

/**
 * The snapshot.json text, a piece at a time (one object per piece): never one string, as a real one would
 * pass V8's longest string.
 */
export function* kaiSnapshotJson(shape: KaiSnapshotShape = PRODUCTION_SNAPSHOT): Generator<string> {
  const r = rng(shape.seed);
  const nodes = Array.from({ length: shape.nodes }, (_, i) => `gpu-node-${String(i).padStart(4, '0')}`);
  const departments = 10;
  const teams = 10;
  const queueNames: string[] = [];
  const queues: unknown[] = [queueObject('cluster', null, shape.nodes * shape.gpusPerNode, r)];
  for (let d = 0; d < departments; d++) {
    const dept = `dept-${d}`;
    queues.push(queueObject(dept, 'cluster', (shape.nodes * shape.gpusPerNode) / departments, r));
    for (let t = 0; t < teams; t++) {
      const team = `${dept}-team-${t}`;
      queueNames.push(team);
      queues.push(queueObject(team, dept, (shape.nodes * shape.gpusPerNode) / departments / teams, r));
    }
  }
  // Plan: DaemonSet pods first (two per node), then KAI jobs until the pod count is reached.
  const daemons = Math.min(shape.pods, shape.nodes * 2);
  const free = new Array<number>(shape.nodes).fill(shape.gpusPerNode);
  const cpuFree = new Array<number>(shape.nodes).fill(120);
  let cursor = 0;
  const capacity = shape.nodes * shape.gpusPerNode;
  let used = 0;
  /** A node with room for `gpu` GPUs and `cpu` cores, filling nodes in turn (binpack), or null. */
  const place = (gpu: number, cpu: number): string | null => {
    if (used + gpu > capacity * 0.95) return null;
    for (let k = 0; k < 8; k++) {
      const n = (cursor + k) % shape.nodes;
      if ((free[n] as number) >= gpu && (cpuFree[n] as number) >= cpu) {
        free[n] = (free[n] as number) - gpu;
        cpuFree[n] = (cpuFree[n] as number) - cpu;
        used += gpu;
        if ((free[n] as number) === 0) cursor = (n + 1) % shape.nodes;
        return nodes[n] as string;
      }
    }
    cursor = (cursor + 8) % shape.nodes;
    return null;
  };
  yield `{"config":${JSON.stringify(KAI_CONFIG)},"schedulerParams":${JSON.stringify(SCHEDULER_PARAMS)},"rawObjects":{"pods":[`;
  let first = true;
  const groups: unknown[] = [];
  const sep = () => {
    const s = first ? '' : ',';
    first = false;
    return s;
  };
  for (let i = 0; i < daemons; i++) {
    const node = nodes[i % shape.nodes] as string;
    const job = i < shape.nodes ? 'dcgm-exporter' : 'node-problem-detector';
    yield (
      sep() +
      JSON.stringify(
        podObject(
          {
            name: `${job}-${i.toString(36).padStart(5, '0')}`,
            ns: 'gpu-operator',
            job,
            queue: '',
            cls: '',
            gpu: 0,
            cpu: 0,
            node,
            created: 86_400 * 30,
            started: 86_400 * 30,
            daemon: true,
          },
          r,
        ),
      )
    );
  }
  let pods = daemons;
  let jobIndex = 0;
  while (pods < shape.pods) {
    const team = queueNames[Math.floor(r() * queueNames.length)] as string;
    const kind = r();
    const size = Math.min(shape.pods - pods, [1, 1, 1, 2, 4, 8][Math.floor(r() * 6)] as number);
    const gpu = kind < 0.7 ? 1 : kind < 0.8 ? 0.5 : 0;
    const cpu = gpu === 0 ? 2 : 8;
    const cls = (['train', 'train', 'train', 'build-preemptible', 'build', 'inference'] as const)[
      Math.floor(r() * 6)
    ] as string;
    const job = `${team.replace('dept-', 'd').replace('-team-', 't')}-${gpu === 0 ? 'etl' : 'train'}-${hex(jobIndex * 2654435761, 6)}`;
    const ns = `runai-${team}`;
    const created = 60 + Math.floor(r() * 86_400 * 3);
    // A gang runs whole or not at all: place every pod, or none.
    const placed: (string | null)[] = [];
    for (let k = 0; k < size; k++) placed.push(place(gpu, cpu));
    const whole = placed.every((n) => n !== null);
    if (!whole)
      placed.forEach((n, k) => {
        if (n === null) return;
        const idx = nodes.indexOf(n);
        free[idx] = (free[idx] as number) + gpu;
        cpuFree[idx] = (cpuFree[idx] as number) + cpu;
        used -= gpu;
        placed[k] = null;
      });
    const started = whole ? Math.max(1, created - 30 - Math.floor(r() * 600)) : 0;
    groups.push(podGroupObject(job, ns, team, cls, size, created, whole ? started : null, r));
    for (let k = 0; k < size; k++) {
      yield (
        sep() +
        JSON.stringify(
          podObject(
            {
              name: `${job}-worker-${k}`,
              ns,
              job,
              queue: team,
              cls,
              gpu,
              cpu,
              node: placed[k] ?? null,
              created,
              started,
              daemon: false,
            },
            r,
          ),
        )
      );
    }
    pods += size;
    jobIndex++;
  }
  yield '],"nodes":[';
  for (let i = 0; i < nodes.length; i++)
    yield (
      (i === 0 ? '' : ',') +
      JSON.stringify(nodeObject(nodes[i] as string, shape.gpusPerNode, r, Math.floor(i / 32)))
    );
  yield `],"queues":${JSON.stringify(queues)},"podGroups":[`;
  for (let i = 0; i < groups.length; i++) yield (i === 0 ? '' : ',') + JSON.stringify(groups[i]);
  const classes = CLASSES.map(([name, value]) => ({
    metadata: { name, creationTimestamp: ts(86_400 * 90) },
    value,
    preemptionPolicy: 'PreemptLowerPriority',
  }));
  yield `],"bindRequests":[],"priorityClasses":${JSON.stringify(classes)},"configMaps":[],"persistentVolumes":[],"persistentVolumeClaims":[],"csiStorageCapacities":null,"storageClasses":[],"csiDrivers":[],"resourceClaims":[],"resourceSlices":[],"deviceClasses":[],"topologies":[],"nodeResourceTopologies":[]}`;
  yield ',"discovery":{"serverVersion":{"major":"1","minor":"31","gitVersion":"v1.31.2"},"resources":[]}}';
}

/** UTF-8 of a JSON piece (the pieces are ASCII: names, numbers and the generator's own text). */
function ascii(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

/** `snapshot.zip` as `/get-snapshot` returns it: one deflated entry `snapshot.json`. */
export function kaiSnapshotZip(shape: KaiSnapshotShape = PRODUCTION_SNAPSHOT): {
  zip: Uint8Array;
  jsonBytes: number;
} {
  const parts: Uint8Array[] = [];
  let length = 0;
  const zip = new Zip((err, data) => {
    if (err) throw err;
    parts.push(data);
    length += data.length;
  });
  const entry = new ZipDeflate('snapshot.json', { level: 6 });
  zip.add(entry);
  let jsonBytes = 0;
  let batch: string[] = [];
  let batchLength = 0;
  for (const piece of kaiSnapshotJson(shape)) {
    batch.push(piece);
    batchLength += piece.length;
    if (batchLength >= 1 << 20) {
      entry.push(ascii(batch.join('')));
      jsonBytes += batchLength;
      batch = [];
      batchLength = 0;
    }
  }
  entry.push(ascii(batch.join('')), true);
  jsonBytes += batchLength;
  zip.end();
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return { zip: out, jsonBytes };
}
