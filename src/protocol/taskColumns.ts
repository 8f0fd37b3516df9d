/**
 * A slice of a session's tasks as columns (protocol 9, decision 0336), the form `replyPart` carries them in.
 * At 140,000 pods the tasks as objects were 140,000 records of five named fields plus a device list each:
 * structured clone wrote and read every field name and every repeated string ("Running", a job's or node's
 * name) again per task, about 1 s of each thread in Node and the largest share of the page's main-thread time
 * while a production-sized scenario loaded. As columns, a part of 1,000 tasks is its names, one small table of
 * the other strings, and typed arrays whose buffers are transferred, not copied; the page builds the same
 * `TaskState` objects back (`tasksFromColumns`), in the same order, with the same fields.
 */
import type { TaskState } from '../engine/model/snapshot';

export interface TaskColumns {
  /** Per task, its name. */
  names: string[];
  /** The job names, statuses and node names of this slice, each once. */
  strings: string[];
  /** Per task: its job and status as indices into `strings`. */
  job: Int32Array;
  status: Int32Array;
  /** Per task: its node as an index into `strings`, -1 for none. */
  node: Int32Array;
  /** Per task, its first device in `gpuIndex`/`gpuShare`; length tasks + 1. */
  gpuStart: Int32Array;
  gpuIndex: Int32Array;
  gpuShare: Float64Array;
  /** The few terminating pods' notes, by their position in the slice. */
  terminating: [number, NonNullable<TaskState['terminating']>][];
}

export function tasksToColumns(tasks: readonly TaskState[]): TaskColumns {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const intern = (s: string): number => {
    let i = indexOf.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      indexOf.set(s, i);
    }
    return i;
  };
  const n = tasks.length;
  const devices = tasks.reduce((sum, t) => sum + t.gpus.length, 0);
  const columns: TaskColumns = {
    names: new Array<string>(n),
    strings,
    job: new Int32Array(n),
    status: new Int32Array(n),
    node: new Int32Array(n),
    gpuStart: new Int32Array(n + 1),
    gpuIndex: new Int32Array(devices),
    gpuShare: new Float64Array(devices),
    terminating: [],
  };
  let d = 0;
  tasks.forEach((t, i) => {
    columns.names[i] = t.name;
    columns.job[i] = intern(t.job);
    columns.status[i] = intern(t.status);
    columns.node[i] = t.node === null ? -1 : intern(t.node);
    columns.gpuStart[i] = d;
    for (const g of t.gpus) {
      columns.gpuIndex[d] = g.index;
      columns.gpuShare[d] = g.share;
      d++;
    }
    if (t.terminating !== undefined) columns.terminating.push([i, t.terminating]);
  });
  columns.gpuStart[n] = d;
  return columns;
}

/** The tasks `tasksToColumns` was given, as equal objects with their fields in the same order. */
export function tasksFromColumns(c: TaskColumns): TaskState[] {
  const terminating = new Map(c.terminating);
  return c.names.map((name, i) => {
    const gpus: TaskState['gpus'] = [];
    for (let d = c.gpuStart[i]!; d < c.gpuStart[i + 1]!; d++) {
      gpus.push({ index: c.gpuIndex[d]!, share: c.gpuShare[d]! });
    }
    const node = c.node[i]!;
    const task: TaskState = {
      name,
      job: c.strings[c.job[i]!]!,
      status: c.strings[c.status[i]!] as TaskState['status'],
      node: node < 0 ? null : c.strings[node]!,
      gpus,
    };
    const note = terminating.get(i);
    if (note !== undefined) task.terminating = note;
    return task;
  });
}

/** The buffers to transfer with a message that carries `c`. */
export function taskColumnBuffers(c: TaskColumns): ArrayBuffer[] {
  return [c.job, c.status, c.node, c.gpuStart, c.gpuIndex, c.gpuShare].map((a) => a.buffer as ArrayBuffer);
}
