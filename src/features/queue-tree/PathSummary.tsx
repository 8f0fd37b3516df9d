import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatSpan, formatTime } from '../../viz/layouts/formatSpan';
import type { TreePathModel } from './treePath';

function describeOrigin(p: TreePathModel): ReactNode {
  const kind = p.resolution.kind;
  const victim = (
    <>
      <b>{p.victimJob}</b> ({p.victimQueue})
    </>
  );
  const preemptor =
    p.preemptorJob === null ? null : (
      <>
        <b>{p.preemptorJob}</b> ({p.preemptorQueue ?? '?'})
      </>
    );
  if (p.isWhatIf) {
    // The run did not use this resolution: describe the question, not the outcome.
    return (
      <>
        {victim}
        {preemptor === null ? (
          <> if a job in {p.preemptorQueue ?? '?'} reclaimed it</>
        ) : (
          <> against {preemptor}</>
        )}{' '}
        under the {p.resolution.method ?? 'configured'} method
      </>
    );
  }
  switch (p.origin) {
    case 'evicted':
      return (
        <>
          {preemptor} {kind === 'reclaim' ? 'reclaimed' : 'preempted'} {victim}: its {kind} min-runtime had
          run out
        </>
      );
    case 'protected':
      return (
        <>
          {victim} was protected by its {kind} min-runtime from {preemptor}
        </>
      );
    case 'considered':
      return (
        <>
          {preemptor} considered {victim} as a victim
        </>
      );
    case 'job':
      return (
        <>
          {victim}: its own {kind} protection
          {p.preemptorQueue !== null && <> against a reclaimer in {p.preemptorQueue}</>}
        </>
      );
  }
}

/** "protected until t=…" at the cursor, or why there is no such time. */
export function describeUntil(p: TreePathModel, nowMs: number | null): string {
  const until = p.protectedUntilMs;
  if (until === null) return 'not started, so not protected';
  if (p.resolution.durationMs <= 0) return 'no protection (0s)';
  // Upstream compares strictly: at exactly lastStart + duration the job is no longer protected.
  if (nowMs !== null && nowMs >= until) return `protected until ${formatTime(until)} (over)`;
  return `protected until ${formatTime(until)}`;
}

/**
 * The drawn path in words, with the facts tests and screen readers read: LCA, step-down queue, the walk,
 * the resolved value and its source, and until when it protects.
 */
export function PathSummary({ path, nowMs }: { path: TreePathModel; nowMs: number | null }) {
  const r = path.resolution;
  const value = formatSpan(r.durationMs);
  const fact = (label: string, testId: string, text: string) => (
    <span>
      {label}{' '}
      <Box component="b" data-testid={`queue-tree.path.${testId}`}>
        {text}
      </Box>
    </span>
  );
  const facts: ReactNode[] = [];
  if (r.kind === 'reclaim' && r.method === 'lca') {
    facts.push(fact('LCA', 'lca', r.lca ?? 'none (different trees)'));
    facts.push(fact('step down', 'step-down', r.stepDown ?? path.victimQueue));
  }
  facts.push(fact('walk', 'walk', r.path.length === 0 ? '—' : r.path.join(' → ')));
  return (
    <Box
      data-testid="queue-tree.path"
      data-kind={r.kind}
      data-method={r.method ?? ''}
      data-lca={r.lca ?? ''}
      data-step-down={r.stepDown ?? ''}
      data-source={r.source}
      data-duration-ms={r.durationMs}
      data-what-if={path.isWhatIf}
      sx={{ minWidth: 0 }}
    >
      <Typography variant="body2" component="div">
        {path.isWhatIf && <Chip size="small" color="secondary" label="what-if" sx={{ mr: 1, height: 20 }} />}
        {describeOrigin(path)}
        {!path.isWhatIf && r.kind === 'reclaim' && r.method !== null && <> · method {r.method}</>}
      </Typography>
      <Typography
        variant="body2"
        component="div"
        sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1.5, color: 'text.secondary' }}
      >
        {facts}
        <span>
          value{' '}
          <Box component="b" data-testid="queue-tree.path.value" sx={{ color: 'text.primary' }}>
            {value} {r.source === 'default' ? '(plugin default)' : `from ${r.source}`}
          </Box>
        </span>
        <span data-testid="queue-tree.path.until">{describeUntil(path, nowMs)}</span>
      </Typography>
      {r.note !== null && (
        <Typography variant="body2" color="text.secondary">
          {r.note}
        </Typography>
      )}
    </Box>
  );
}
