/**
 * The glossary: one short, accurate definition per scheduling term a lesson uses, checked against KAI's and
 * Volcano's code (shared/reference/kai-scheduler.md, volcano.md). `forms` are the words that point at the
 * term in running text (matched whole-word, case-insensitive); words such as "reclaimer" or "preemptor",
 * which name a role rather than the rule, are deliberately not forms.
 */
export interface GlossaryEntry {
  term: string;
  forms: readonly string[];
  definition: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    term: 'quota',
    forms: ['quota', 'quotas'],
    definition:
      'KAI: the share of a resource a queue is entitled to. Quotas are handed out first; what is left is shared as over-quota. (Volcano’s word is deserved.)',
  },
  {
    term: 'deserved',
    forms: ['deserved', 'deserved share'],
    definition:
      'Volcano: the share a queue is owed this session. proportion divides the cluster by queue weight (up to what the queue asks, within its capability); capacity takes the queue’s written deserved. A queue above it may be reclaimed from.',
  },
  {
    term: 'capability',
    forms: ['capability', 'capabilities'],
    definition:
      'Volcano: the most of each resource a queue may be allocated (KAI calls its cap a limit). kube-batch reads none.',
  },
  {
    term: 'guarantee',
    forms: ['guarantee', 'guaranteed'],
    definition: 'Volcano: resources reserved for a queue; no other queue’s capability may reach into them.',
  },
  {
    term: 'fair share',
    forms: ['fair share', 'fair shares', 'fairShare'],
    definition:
      'What a queue should hold right now, recomputed every session: its quota (up to what it asks for) plus a part of the unused capacity, split by over-quota weight. Below it a queue may reclaim; above it, it may be reclaimed from.',
  },
  {
    term: 'over-quota weight',
    forms: ['over-quota weight', 'over-quota weights', 'overQuotaWeight', 'over-quota', 'over quota'],
    definition:
      'How much of the capacity left after every quota a queue gets, relative to its siblings of the same priority. A weight of 0 means the queue never gets more than its quota.',
  },
  {
    term: 'reclaim',
    forms: ['reclaim', 'reclaims', 'reclaimed', 'reclaiming'],
    definition:
      'Taking resources back across queues: a job of a queue below its fair share evicts jobs of a queue above its fair share. Job priority does not decide it; the queues’ shares do.',
  },
  {
    term: 'preempt',
    forms: ['preempt', 'preempts', 'preempted', 'preempting', 'preemption'],
    definition:
      'Evicting inside one queue: a higher-priority job evicts lower-priority, preemptible jobs of the same queue to make room.',
  },
  {
    term: 'pipelined',
    forms: ['pipelined', 'pipeline', 'pipelines', 'pipelining'],
    definition:
      'Promised to a node whose resources are still being released by evicted tasks. The task is bound once they are gone (here: in the next session).',
  },
  {
    term: 'LCA',
    forms: ['LCA', 'lowest common ancestor'],
    definition:
      'Lowest common ancestor: the deepest queue with both the reclaimer’s and the victim’s leaf queues under it. KAI’s lca method steps one level down from it toward the victim and walks up from there to find reclaimMinRuntime.',
  },
  {
    term: 'min-runtime',
    forms: ['min-runtime', 'minruntime', 'min runtime', 'preemptMinRuntime', 'reclaimMinRuntime'],
    definition:
      'How long a job must have run before it may be preempted (preemptMinRuntime) or reclaimed (reclaimMinRuntime). KAI’s minruntime plugin protects it until then; an unset queue value is inherited from its parent.',
  },
  {
    term: 'gang',
    forms: ['gang', 'gangs', 'gang-scheduled'],
    definition:
      'A job whose tasks are placed together or not at all: at least minAvailable of them must fit in the same session, or none is placed.',
  },
  {
    term: 'minAvailable',
    forms: ['minAvailable', 'min available'],
    definition:
      'The fewest tasks of a job that must run for the job to run at all (the gang minimum). Tasks above it are elastic: they can be evicted one by one.',
  },
  {
    term: 'elastic',
    forms: ['elastic'],
    definition:
      'A job with more tasks than minAvailable: it keeps running with fewer, so its extra tasks are the first taken by a reclaim or preemption.',
  },
  {
    term: 'PodGroup',
    forms: ['PodGroup', 'PodGroups', 'pod group', 'pod groups'],
    definition:
      'The Kubernetes object that groups a job’s pods for gang scheduling. Here a job is a PodGroup and its tasks are pods.',
  },
  {
    term: 'Inqueue',
    forms: ['Inqueue'],
    definition:
      'A Volcano PodGroup phase: the enqueue action admitted the job (its minimum resources fit), so allocate may now place its pods.',
  },
  {
    term: 'SLA',
    forms: ['SLA', 'sla-waiting-time'],
    definition:
      'Volcano’s sla plugin: a job that has waited longer than its sla-waiting-time goes first in job order and is admitted to Inqueue even when other rules would hold it back.',
  },
  {
    term: 'Releasing',
    forms: ['Releasing'],
    definition:
      'Evicted but still holding its node until the pod is gone (here: until the next session). Pipelined tasks wait for it.',
  },
];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Lower-cased form → entry. */
export const GLOSSARY_BY_FORM: ReadonlyMap<string, GlossaryEntry> = new Map(
  GLOSSARY.flatMap((entry) => entry.forms.map((form) => [form.toLowerCase(), entry] as const)),
);

/**
 * One alternation of every form, longest first so "over-quota weight" wins over "quota". Alternatives are
 * literals bounded by word edges (a hyphen counts as an edge only outside a form, see the lookarounds), so
 * matching is linear in the text.
 */
export const GLOSSARY_PATTERN = new RegExp(
  `(?<![\\w-])(${[...GLOSSARY_BY_FORM.keys()]
    .sort((a, b) => b.length - a.length || a.localeCompare(b))
    .map(escape)
    .join('|')})(?![\\w-])`,
  'gi',
);

/** Splits text into plain runs and glossary matches, in order. */
export function findTerms(text: string): ({ text: string } | { text: string; entry: GlossaryEntry })[] {
  const out: ({ text: string } | { text: string; entry: GlossaryEntry })[] = [];
  let last = 0;
  for (const match of text.matchAll(GLOSSARY_PATTERN)) {
    const entry = GLOSSARY_BY_FORM.get(match[0].toLowerCase());
    if (entry === undefined) continue;
    if (match.index > last) out.push({ text: text.slice(last, match.index) });
    out.push({ text: match[0], entry });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}
