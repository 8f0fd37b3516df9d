import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import type { JobState } from '../../engine/model/snapshot';
import type { PendingCode, PendingExplanation } from '../../engine/model/trace';
import type { SessionViewTrace } from '../../protocol/sessionView';
import { Disclosure, disclosureStyles } from '../../ui/Disclosure';
import { FetchedAttempt } from './FetchedAttempt';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSummary } from '../../store/scenarioSlice';
import { uiModuleOf } from '../profiles/uiRegistry';

/** Completes "Because …". */
const CODE_LABEL: Record<PendingCode, string> = {
  'no-capacity': 'no node has room for it',
  'over-limit': 'its queue is at its limit',
  'non-preemptible-over-quota': 'it is non-preemptible and its queue is over quota',
  'gang-unsatisfiable': 'its gang cannot be placed together',
  'victims-protected': 'the victims are protected by min-runtime',
  'no-eligible-victims': 'there are no eligible victims',
  'fair-share': 'its queue is at its fair share',
  unschedulable: 'it cannot be scheduled',
  'not-attempted': 'no action tried it in this session',
  'waiting-for-release': 'it is waiting for evicted pods to release their node',
  'preemption-delay': 'it is within its preemption delay and may not evict anyone yet',
};

/** "Why is this job still pending?", from the trace's pending explanation and the attempts behind it. */
export function PendingExplanationView({
  explanation,
  trace,
  session,
  job = null,
}: {
  explanation: PendingExplanation;
  trace: SessionViewTrace;
  session: number;
  /** The job's snapshot state: with a profile's enqueue result, the question is "why not Inqueue?". */
  job?: JobState | null;
}) {
  // Volcano/kube-batch: a PodGroup enqueue did not admit never reaches allocate, so that is the answer.
  // The profile's enqueue gate, from the job's extras through its UI module (decision 0316).
  const profile = useAppStore(selectSummary)?.profile;
  const enqueue = job ? (uiModuleOf(profile).enqueueDecision?.(job) ?? null) : null;
  const notAdmitted = enqueue !== null && !enqueue.admitted && job !== null && job.phase === 'Pending';
  return (
    <Alert
      severity="info"
      icon={false}
      data-testid="pending-explanation"
      data-code={explanation.code}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>
        {notAdmitted
          ? `Why is ${explanation.job} still Pending, not Inqueue?`
          : `Why is ${explanation.job} still pending?`}
      </AlertTitle>
      <Typography variant="body1" sx={{ mb: 1 }} data-testid="pending-explanation.reason">
        {notAdmitted ? (
          <>
            <b>
              Because enqueue did not admit its PodGroup
              {enqueue.decidedBy !== null && ` (${enqueue.decidedBy}`}
              {enqueue.tier !== null && `, tier ${enqueue.tier}`}
              {enqueue.decidedBy !== null && ')'}.
            </b>{' '}
            {enqueue.message} Open the enqueue attempt for the vote and the gate’s numbers.
          </>
        ) : (
          <>
            <b>Because {CODE_LABEL[explanation.code]}.</b> {explanation.message}
          </>
        )}
      </Typography>
      <Box sx={{ display: 'grid', gap: 0.75, ...disclosureStyles }}>
        {explanation.attempts.map((index) => {
          const attempt = trace.attempts[index];
          if (attempt === undefined) return null;
          return (
            <Disclosure
              key={index}
              testId="pending-explanation.attempt"
              summary={
                <Typography variant="body2" component="span">
                  {attempt.action}: {attempt.outcome} · {attempt.message}
                </Typography>
              }
            >
              {() => <FetchedAttempt session={session} index={index} />}
            </Disclosure>
          );
        })}
      </Box>
    </Alert>
  );
}
