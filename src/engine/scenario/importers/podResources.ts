/**
 * What a pod asks the scheduler for, from its containers' `requests` and `limits`, by Kubernetes' rules:
 *
 * - A request a container leaves out defaults to its limit: "If you specify a limit for a resource, but do
 *   not specify any request, … Kubernetes copies the limit you specified and uses it as the requested value"
 *   (kubernetes.io/docs/concepts/configuration/manage-resources-containers, "Requests and limits").
 * - GPUs are an extended resource, which cannot be overcommitted: "You can specify GPU limits without
 *   specifying requests, because Kubernetes will use the limit as the request value by default. You can
 *   specify GPU in both limits and requests but these two values must be equal"
 *   (kubernetes.io/docs/tasks/manage-gpus/scheduling-gpus). `limits: {nvidia.com/gpu: 2}` alone is the usual
 *   way to ask for GPUs; unequal values are refused, as the API server refuses the pod.
 * - The pod's request is the sum over its app containers, or the largest init container's if that is more
 *   (init containers run one at a time, before the app containers); a restartable init container (a sidecar,
 *   `restartPolicy: Always`) keeps running, so it adds to the app containers and to every init container
 *   after it (kubernetes.io/docs/concepts/workloads/pods/init-containers, "Resource sharing within
 *   containers"; KEP-753).
 */
import type { FieldTracker } from './FieldTracker';
import { addAmounts, readResourceList, type Amounts } from './resourceAmounts';

/** The scenario resources that are extended resources in Kubernetes (requests must equal limits). */
const EXTENDED: ReadonlySet<keyof Amounts> = new Set(['gpu']);

/** One container's request: its `requests`, each missing one taken from `limits`. */
function containerRequest(t: FieldTracker, path: string, errors: string[]): Amounts {
  const requests = readResourceList(t, `${path}.resources.requests`) ?? {};
  const limits = readResourceList(t, `${path}.resources.limits`) ?? {};
  const out: Amounts = { ...requests };
  for (const key of Object.keys(limits) as (keyof Amounts)[]) {
    const limit = limits[key] as number;
    const request = out[key];
    if (request === undefined) out[key] = limit;
    else if (EXTENDED.has(key) && request !== limit)
      errors.push(
        `${t.label}: ${path}.resources: the GPU request (${request}) and limit (${limit}) differ; Kubernetes requires them equal for an extended resource (nvidia.com/gpu)`,
      );
  }
  // Names and images are how the pod runs, not how it is scheduled.
  t.use(`${path}.name`);
  t.use(`${path}.image`);
  return out;
}

const maxAmounts = (a: Amounts, b: Amounts): Amounts => {
  const out: Amounts = { ...a };
  for (const key of Object.keys(b) as (keyof Amounts)[]) out[key] = Math.max(out[key] ?? 0, b[key] as number);
  return out;
};

/** The pod spec at `path` (`spec`, `spec.tasks.0.template.spec`): what the scheduler places. */
export function podResources(t: FieldTracker, path: string, errors: string[]): Amounts {
  let sidecars: Amounts = {};
  let init: Amounts = {};
  const initContainers = t.peek(`${path}.initContainers`);
  if (Array.isArray(initContainers)) {
    initContainers.forEach((_, i) => {
      const at = `${path}.initContainers.${i}`;
      const request = containerRequest(t, at, errors);
      if (t.peek(`${at}.restartPolicy`) === 'Always') {
        t.use(`${at}.restartPolicy`);
        sidecars = addAmounts(sidecars, request);
        init = maxAmounts(init, sidecars);
      } else {
        init = maxAmounts(init, addAmounts(sidecars, request));
      }
    });
  }
  let app: Amounts = sidecars;
  const containers = t.peek(`${path}.containers`);
  if (Array.isArray(containers))
    containers.forEach((_, i) => {
      app = addAmounts(app, containerRequest(t, `${path}.containers.${i}`, errors));
    });
  return maxAmounts(app, init);
}
