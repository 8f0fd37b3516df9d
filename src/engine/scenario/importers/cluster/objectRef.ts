/**
 * A reference to one object of the snapshot, rendered only when the result is written, so that names are
 * shown either as they are or as their pseudonyms (redaction.ts) in every note and path.
 */
export interface ObjectRef {
  kind: string;
  namespace: string | null;
  name: string;
  /** Its place in its `rawObjects` list: how an object of a kind without pseudonyms is shown when redacted. */
  index: number;
}

/** How names are shown: as they are, or redacted. */
export interface Namer {
  readonly redacts: boolean;
  namespace(name: string): string;
  queue(name: string): string;
  job(name: string): string;
  task(name: string): string;
  node(name: string): string;
  label(value: string): string;
}

const same = (n: string) => n;

export const PLAIN_NAMER: Namer = {
  redacts: false,
  namespace: same,
  queue: same,
  job: same,
  task: same,
  node: same,
  label: same,
};

/**
 * `Kind/namespace/name`, names through the namer of their kind: a Pod's is a task's, a PodGroup's a
 * job's, a BindRequest's (named after its pod) a task's. Objects of other kinds have no pseudonym: when
 * redacted they are shown by their place in the list (`ConfigMap #3`), never by name.
 */
export function showRef(ref: ObjectRef, namer: Namer): string {
  const ns = ref.namespace === null ? '' : `${namer.namespace(ref.namespace)}/`;
  switch (ref.kind) {
    case 'Pod':
    case 'BindRequest':
      return `${ref.kind}/${ns}${namer.task(ref.name)}`;
    case 'PodGroup':
      return `${ref.kind}/${ns}${namer.job(ref.name)}`;
    case 'Queue':
      return `Queue/${namer.queue(ref.name)}`;
    case 'Node':
      return `Node/${namer.node(ref.name)}`;
    default:
      return namer.redacts ? `${ref.kind} #${ref.index}` : `${ref.kind}/${ns}${ref.name}`;
  }
}
