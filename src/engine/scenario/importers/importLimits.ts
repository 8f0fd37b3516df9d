/**
 * The bounds of a Kubernetes YAML import (docs/scenario-format.md §12.1, decision 0115). The import runs on
 * the editor's main thread and in the fuzzer, so every input size it can be given is stated here and
 * checked before the memory or the time is spent: the text, the documents and objects, alias expansion,
 * nesting, entries of a label map, and the replicas a Volcano Job expands into. The scenario-sized ones are
 * the scenario format's own (§10): an import that goes past them could only give a scenario that is refused.
 */
import {
  MAX_JOBS,
  MAX_MAP_ENTRIES,
  MAX_NESTING,
  MAX_NODES,
  MAX_QUEUES,
  MAX_TASKS,
  MAX_TEXT_LENGTH,
} from '../limits';
import { MAX_EXPANSION } from '../schema';

/** Characters of the pasted text (the scenario text limit, 16 MiB). */
export const MAX_IMPORT_TEXT_LENGTH = MAX_TEXT_LENGTH;
/**
 * Objects (documents, and the `items` of a `List`): one per node, queue, pod group and pod the largest
 * scenario holds, plus the scheduler's ConfigMaps and priority classes.
 */
export const MAX_IMPORT_OBJECTS = MAX_NODES + MAX_QUEUES + MAX_JOBS + MAX_TASKS + 1_000;
/** YAML documents in the text (`---` separated); a document may be an empty one. */
export const MAX_IMPORT_DOCUMENTS = MAX_IMPORT_OBJECTS;
/** Alias nodes (`*name`) in the whole text. Real manifests have none; Helm and kubectl write none. */
export const MAX_IMPORT_ALIASES = 100;
/**
 * Values that alias expansion adds to the data, in the whole text: each alias adds as many values as the
 * node it names holds ("billion laughs" is a few aliases that each name the one before, many times over).
 */
export const MAX_IMPORT_ALIAS_EXPANSION = 100_000;
/** Nesting of lists and mappings, aliases expanded (as the scenario format's, §10). */
export const MAX_IMPORT_NESTING = MAX_NESTING;
/** Entries of one `labels`, `annotations` or `nodeSelector` mapping (as the scenario format's, §10). */
export const MAX_IMPORT_MAP_ENTRIES = MAX_MAP_ENTRIES;
/** `replicas` of one Volcano Job task (as `tasks: N` of a scenario job, §10). */
export const MAX_IMPORT_REPLICAS = MAX_EXPANSION;
/** Scenario objects the import may build: the scenario format's totals (§10). */
export const MAX_IMPORT_NODES = MAX_NODES;
export const MAX_IMPORT_QUEUES = MAX_QUEUES;
export const MAX_IMPORT_JOBS = MAX_JOBS;
/** Tasks: pods, Volcano Job replicas, and the tasks a pod group without pods is given. */
export const MAX_IMPORT_TASKS = MAX_TASKS;
