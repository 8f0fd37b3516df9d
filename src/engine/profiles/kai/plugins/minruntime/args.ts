/**
 * Arguments of KAI's `minruntime` plugin, parsed the way `pkg/scheduler/plugins/minruntime/minruntime.go`
 * (`New`) parses them. Upstream never rejects a configuration here: a bad value is logged and replaced by
 * the built-in default, so this parser never fails either; it collects the would-be log lines as warnings.
 */
import { GO_MAX_DURATION_MS, parseDuration } from '../../../../model/duration';

/** The parsed plugin arguments. */
export interface MinRuntimeArgs {
  /** `defaultPreemptMinRuntime`; 0 when missing or invalid. */
  defaultPreemptMinRuntimeMs: number;
  /** `defaultReclaimMinRuntime`; 0 when missing or invalid. */
  defaultReclaimMinRuntimeMs: number;
  /** `reclaimResolveMethod`; `lca` when missing, empty or invalid. */
  reclaimResolveMethod: 'lca' | 'queue';
  /** One plain-words sentence per value KAI would have logged as an error and replaced by its default. */
  warnings: string[];
}

/** Upstream argument names (`minruntime.go` constants). */
const PREEMPT_ARG = 'defaultPreemptMinRuntime';
const RECLAIM_ARG = 'defaultReclaimMinRuntime';
const METHOD_ARG = 'reclaimResolveMethod';

/**
 * Parses the plugin's `arguments` map.
 *
 * - Durations use `str2duration` syntax (Go durations plus `d` and `w`, fractions allowed, e.g. `2d4h30m`,
 *   `5w4d12h`, `1.5s`). Unparsable or negative values become 0 (no protection) with a warning, as upstream
 *   logs the error and keeps its 0s default.
 * - `reclaimResolveMethod` must be exactly `lca` or `queue` (upstream compares case-sensitively); missing or
 *   empty means `lca`; anything else becomes `lca` with a warning.
 * - Upstream's `PluginArguments` is a `map[string]string`, so it only ever sees text. A non-string value here
 *   (a YAML number such as `5`, a boolean) reaches KAI as its text form, which `str2duration` rejects for
 *   lack of a unit; it therefore becomes 0 (or `lca`) with a warning rather than being read as seconds.
 * - Unknown keys are ignored, as upstream ignores them.
 */
export function parseMinRuntimeArgs(raw: Record<string, unknown>): MinRuntimeArgs {
  const warnings: string[] = [];
  const defaultPreemptMinRuntimeMs = parseDurationArg(PREEMPT_ARG, raw[PREEMPT_ARG], warnings);
  const defaultReclaimMinRuntimeMs = parseDurationArg(RECLAIM_ARG, raw[RECLAIM_ARG], warnings);
  const reclaimResolveMethod = parseMethodArg(raw[METHOD_ARG], warnings);
  return { defaultPreemptMinRuntimeMs, defaultReclaimMinRuntimeMs, reclaimResolveMethod, warnings };
}

function parseDurationArg(name: string, value: unknown, warnings: string[]): number {
  // A missing key leaves upstream's zero value in place, silently.
  if (value === undefined) return 0;
  if (typeof value !== 'string') {
    warnings.push(
      `${name} ${describe(value)} is not a duration text with a unit (such as "30s", "10m" or "2d"); ` +
        `KAI logs an error and uses 0s (no protection).`,
    );
    return 0;
  }
  // Go's parser does not trim; `parseDuration` does, so reject surrounding blanks here to stay exact.
  if (value !== value.trim()) {
    warnings.push(
      `${name} "${value}" has spaces around it, which KAI's duration parser does not accept; ` +
        `KAI logs an error and uses 0s (no protection).`,
    );
    return 0;
  }
  // Go's own bound, not the scenario format's: a value KAI's parser accepts must keep its meaning here.
  const parsed = parseDuration(value, { allowDaysWeeks: true, maxMs: GO_MAX_DURATION_MS });
  if (!parsed.ok) {
    warnings.push(
      `${name} "${value}" is not a valid duration (expected numbers with units ns, us, ms, s, m, h, d or w, ` +
        `such as "30s", "1h30m" or "2d"); KAI logs an error and uses 0s (no protection).`,
    );
    return 0;
  }
  if (parsed.ms < 0) {
    warnings.push(`${name} "${value}" is negative; KAI logs an error and uses 0s (no protection).`);
    return 0;
  }
  return parsed.ms;
}

function parseMethodArg(value: unknown, warnings: string[]): 'lca' | 'queue' {
  // Missing, or an empty string (what a YAML `null` becomes in Go's map[string]string): the lca default.
  if (value === undefined || value === null || value === '') return 'lca';
  if (value === 'lca' || value === 'queue') return value;
  warnings.push(
    `${METHOD_ARG} ${describe(value)} is neither "lca" nor "queue" (KAI compares exactly, so case matters); ` +
      `KAI logs an error and uses "lca".`,
  );
  return 'lca';
}

function describe(value: unknown): string {
  if (typeof value === 'string') return `"${value}"`;
  if (value === null) return '(empty)';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `(a ${Array.isArray(value) ? 'list' : typeof value})`;
}
