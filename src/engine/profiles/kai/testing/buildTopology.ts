/**
 * KAI topology (§21) on a generated document: the nodes' `zone` labels as a topology, with required or
 * preferred zone constraints on jobs and subgroups (moved from the shared scenarioDocument.ts, decision 0296).
 */
/**
 * A topology of the nodes' `zone` labels (§21) and a constraint on every other job that starts pending (a job
 * listed Running at t=0 sits wherever the generator put it). Written tiers, in `scheduler` and `updateConfig`,
 * get the topology plugin, as the parser requires when jobs have constraints.
 */
export function addTopology(
  doc: Record<string, unknown>,
  level: 'requiredTopologyLevel' | 'preferredTopologyLevel',
): void {
  doc['topologies'] = [{ name: 'zones', levels: [{ nodeLabel: 'zone' }] }];
  const constraint = { topology: 'zones', [level]: 'zone' };
  const startsPending = (job: Record<string, unknown>) =>
    !(
      Array.isArray(job['tasks']) &&
      job['tasks'].some((t) => (t as Record<string, unknown>)['status'] === 'Running')
    );
  const jobs = (doc['jobs'] ?? []) as Record<string, unknown>[];
  jobs.forEach((job, i) => {
    if (i % 2 === 0 && startsPending(job)) job['topologyConstraint'] = { ...constraint };
    else if (startsPending(job)) addSubGroupConstraint(job, level);
  });
  const events = (doc['events'] ?? []) as Record<string, unknown>[];
  for (const e of events) {
    const submitted = e['submit'] as Record<string, unknown> | undefined;
    if (submitted !== undefined) submitted['topologyConstraint'] = { ...constraint };
    addPlugin(e['updateConfig']);
  }
  addPlugin(doc['scheduler']);
}

/**
 * §21 per-subgroup constraints on some of the other pending jobs: a job with subgroups gets the constraint on
 * its first subgroup; one of four or more tasks without subgroups gets `segments` of two.
 */
function addSubGroupConstraint(
  job: Record<string, unknown>,
  level: 'requiredTopologyLevel' | 'preferredTopologyLevel',
): void {
  const groups = job['subGroups'] as Record<string, unknown>[] | undefined;
  const first = groups?.[0];
  if (first !== undefined) {
    first['topologyConstraint'] = { topology: 'zones', [level]: 'zone' };
    return;
  }
  const tasks = job['tasks'];
  const count = Array.isArray(tasks) ? tasks.length : typeof tasks === 'number' ? tasks : 1;
  const named =
    Array.isArray(tasks) && tasks.some((t) => (t as Record<string, unknown>)['subGroup'] !== undefined);
  if (count >= 4 && !named) job['segments'] = { size: 2, topology: 'zones', [level]: 'zone' };
}

function addPlugin(scheduler: unknown): void {
  const tiers = (scheduler as { tiers?: { plugins: Record<string, unknown>[] }[] } | undefined)?.tiers;
  tiers?.at(-1)?.plugins.push({ name: 'topology' });
}
