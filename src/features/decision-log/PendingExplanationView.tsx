import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import type { PendingCode, PendingExplanation } from '../../engine/model/trace';
import type { SessionViewTrace } from '../../protocol/sessionView';
import { FetchedAttempt } from './FetchedAttempt';

const CODE_LABEL: Record<PendingCode, string> = {
  'no-capacity': 'no node has room',
  'over-limit': 'its queue is at its limit',
  'non-preemptible-over-quota': 'non-preemptible and over quota',
  'gang-unsatisfiable': 'the gang cannot be placed together',
  'victims-protected': 'the victims are protected by min-runtime',
  'no-eligible-victims': 'no eligible victims',
  'fair-share': 'its queue is at its fair share',
  unschedulable: 'unschedulable',
  'not-attempted': 'not attempted this session',
  'waiting-for-release': 'waiting for evicted pods to release their node',
};

/** "Why is this job still pending?", from the trace's pending explanation and the attempts behind it. */
export function PendingExplanationView({
  explanation,
  trace,
  session,
}: {
  explanation: PendingExplanation;
  trace: SessionViewTrace;
  session: number;
}) {
  return (
    <Alert
      severity="info"
      icon={false}
      data-testid="pending-explanation"
      data-code={explanation.code}
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>Why is {explanation.job} still pending?</AlertTitle>
      <Typography variant="body1" sx={{ mb: 1 }}>
        <b>Because {CODE_LABEL[explanation.code]}.</b> {explanation.message}
      </Typography>
      {explanation.attempts.map((index) => {
        const attempt = trace.attempts[index];
        if (attempt === undefined) return null;
        return (
          <Accordion
            key={index}
            disableGutters
            variant="outlined"
            slotProps={{ transition: { unmountOnExit: true } }}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />}>
              <Typography variant="body2">
                {attempt.action}: {attempt.outcome} · {attempt.message}
              </Typography>
            </AccordionSummary>
            <AccordionDetails>
              <FetchedAttempt session={session} index={index} />
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Alert>
  );
}
