/**
 * The knobs the Workshop can change in a variant or sweep: a queue's min-runtime, the minruntime plugin's
 * defaults, or its reclaim resolve method. Each is written as a variant change of the scenario format
 * (§13); the worker applies and runs it.
 */
export type Knob =
  | { kind: 'queue'; queue: string; field: 'reclaimMinRuntime' | 'preemptMinRuntime' }
  | { kind: 'plugin'; argument: 'defaultReclaimMinRuntime' | 'defaultPreemptMinRuntime' }
  | { kind: 'method' };

/** Knobs that take a duration (sweepable). */
export type DurationKnob = Exclude<Knob, { kind: 'method' }>;

export function knobLabel(k: Knob): string {
  switch (k.kind) {
    case 'queue':
      return `queue ${k.queue} ${k.field}`;
    case 'plugin':
      return `minruntime ${k.argument}`;
    case 'method':
      return 'minruntime reclaimResolveMethod';
  }
}

/** Knob ids for a select: `queue:<field>:<name>`, `plugin:<argument>`, `method`. */
export function knobId(k: Knob): string {
  if (k.kind === 'queue') return `queue:${k.field}:${k.queue}`;
  if (k.kind === 'plugin') return `plugin:${k.argument}`;
  return 'method';
}

export function knobsFor(queues: readonly string[], plugins: readonly string[]): Knob[] {
  const out: Knob[] = [];
  if (plugins.includes('minruntime')) {
    out.push({ kind: 'method' });
    out.push({ kind: 'plugin', argument: 'defaultReclaimMinRuntime' });
    out.push({ kind: 'plugin', argument: 'defaultPreemptMinRuntime' });
  }
  for (const queue of queues) {
    out.push({ kind: 'queue', queue, field: 'reclaimMinRuntime' });
    out.push({ kind: 'queue', queue, field: 'preemptMinRuntime' });
  }
  return out;
}

/** The variant change that sets the knob (a Go duration string, or `lca`/`queue` for the method). */
export function changeFor(k: Knob, value: string): Record<string, unknown> {
  switch (k.kind) {
    case 'queue':
      return { queues: [{ name: k.queue, [k.field]: value }] };
    case 'plugin':
      return { plugins: { minruntime: { [k.argument]: value } } };
    case 'method':
      return { plugins: { minruntime: { reclaimResolveMethod: value } } };
  }
}

/** `n` evenly spaced whole seconds from `fromS` to `toS` (n ≥ 2; 1 gives `fromS`). */
export function sweepSeconds(fromS: number, toS: number, n: number): number[] {
  if (n <= 1) return [fromS];
  return Array.from({ length: n }, (_, i) => Math.round(fromS + ((toS - fromS) * i) / (n - 1)));
}

/** Seconds as a Go duration the format reads (`90s` → `1m30s`). */
export function goDuration(seconds: number): string {
  if (seconds === 0) return '0s';
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h > 0 ? `${h}h` : ''}${m > 0 ? `${m}m` : ''}${s > 0 ? `${s}s` : ''}`;
}

/** Reads `90`, `90s`, `1m30s`, `5m`, `2h` as seconds; null when it is none of these. */
export function parseSeconds(text: string): number | null {
  const t = text.trim();
  if (/^\d+$/.test(t)) return Number(t);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(t);
  if (m === null || t === '') return null;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}
