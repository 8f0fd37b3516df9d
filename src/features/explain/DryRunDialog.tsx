import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { DryRunReply } from '../../protocol/explain';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectSnapshot } from '../../store/runSlice';
import { selectSummary } from '../../store/scenarioSlice';
import { selectIsDryRunOpen } from '../../store/viewSlice';
import { useFileChooser } from '../cluster-import/useFileChooser';
import { readOpenedFile } from '../editor/readOpenedFile';
import { formatInstant } from '../format/formatTime';
import { uiModuleOf } from '../profiles/uiRegistry';
import { firstLeafQueue, scenarioJobExample } from './dryRunExamples';
import { DryRunErrors, DryRunPrediction } from './DryRunResultView';
import { JobCodeEditor, type JobCodeEditorHandle } from './JobCodeEditor';

/** Where the job was submitted: a session of the loaded run and its time. */
interface SubmittedAt {
  session: number;
  timeMs: number;
}

type RunState =
  | { status: 'idle' }
  | { status: 'running'; text: string; at: SubmittedAt }
  | { status: 'answered'; text: string; at: SubmittedAt; reply: DryRunReply }
  | { status: 'failed'; text: string; at: SubmittedAt; error: string };

const selectHasRun = (s: AppState) => s.run.runId !== null;

/**
 * "Dry run a job" (issue 19, decision 0167): paste or open a job (a scenario job, or Kubernetes PodGroup +
 * Pods YAML), run it against the loaded scenario in the worker, and read when it starts, whom it would evict,
 * or why it never starts. The text stays while the dialog is closed and after any error.
 */
/** What Open file offers: a job is YAML or JSON text. */
const JOB_FILES = '.yaml,.yml,.json,text/yaml,application/json';

export function DryRunDialog() {
  const isOpen = useAppStore(selectIsDryRunOpen);
  const summary = useAppStore(selectSummary);
  const snapshot = useAppStore(selectSnapshot);
  const hasRun = useAppStore(selectHasRun);
  const actions = useAppStore(selectActions);
  const editor = useRef<JobCodeEditorHandle | null>(null);
  const queue = firstLeafQueue(snapshot?.queues ?? []);
  // The loaded profile's own Kubernetes objects (its UI module; Kueue's is a labelled Job, not a PodGroup).
  const kubernetesExample = uiModuleOf(summary?.profile).kubernetesExample;
  const [text, setText] = useState(() => scenarioJobExample(queue));
  const [run, setRun] = useState<RunState>({ status: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  // At the start (the cluster's "now" for an imported snapshot), or at the session on screen.
  const [isAtShown, setAtShown] = useState(false);
  const close = () => actions.setView({ isDryRunOpen: false });

  const shown: SubmittedAt | null =
    snapshot === null ? null : { session: snapshot.index, timeMs: snapshot.timeMs };
  const start = () => {
    if (!hasRun || run.status === 'running') return;
    const ran = text;
    const at = isAtShown && shown !== null ? shown : { session: 1, timeMs: 0 };
    setRun({ status: 'running', text: ran, at });
    actions.dryRun(ran, at.session).then(
      (reply) => setRun({ status: 'answered', text: ran, at, reply }),
      (error: unknown) =>
        setRun({
          status: 'failed',
          text: ran,
          at,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  };

  const openFile = async (file: File) => {
    setFileError(null);
    // Read as any opened file is (16 MiB, UTF-8/16); the engine then refuses a job text past its own bound.
    const read = await readOpenedFile(file);
    if (read.ok) setText(read.text);
    else setFileError(`${file.name}: ${read.error}`);
  };

  const chooser = useFileChooser('Job file', (file) => void openFile(file), 'dryrun.file', JOB_FILES);

  const isStale = run.status !== 'idle' && run.status !== 'running' && run.text !== text;
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      maxWidth="lg"
      fullWidth
      aria-labelledby="dryrun-title"
      keepMounted={false}
    >
      <DialogTitle id="dryrun-title" sx={{ pb: 1 }}>
        Dry run a job against “{summary?.name ?? 'no scenario'}”
      </DialogTitle>
      <DialogContent
        dividers
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 1, gridTemplateRows: 'auto auto minmax(0, 1fr)', minHeight: 0 }}>
          <Typography variant="body1">
            Paste or open one job: a scenario job, or its Kubernetes objects (a PodGroup with its Pods, or for
            Kueue a Job with its queue label). The engine submits it to the loaded scenario and runs the
            scenario until the job starts or the run ends, here in your browser.
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button size="small" variant="outlined" onClick={() => setText(scenarioJobExample(queue))}>
              Example: scenario job
            </Button>
            <Button
              size="small"
              variant="outlined"
              onClick={() => setText(kubernetesExample.text(queue))}
              data-testid="dryrun.example-kubernetes"
            >
              Example: {kubernetesExample.label}
            </Button>
            <Button size="small" variant="outlined" onClick={chooser.choose}>
              Open file…
            </Button>
            {chooser.input}
          </Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={isAtShown}
                onChange={(e) => setAtShown(e.target.checked)}
                disabled={shown === null || shown.session === 1}
                data-testid="dryrun.at-shown"
              />
            }
            label={
              shown === null || shown.session === 1
                ? 'Submitted at the start (t=0s); go to a later session to submit it then'
                : `Submit at session ${shown.session} (${formatInstant(shown.timeMs)}), the one shown, instead of the start (t=0s)`
            }
          />
          <Box sx={{ height: 'min(44vh, 440px)', minHeight: 160 }}>
            <JobCodeEditor ref={editor} value={text} onChange={setText} onRun={start} />
          </Box>
          {fileError !== null && (
            <Alert severity="error" data-testid="dryrun.file-error" onClose={() => setFileError(null)}>
              {fileError}
            </Alert>
          )}
        </Box>
        <Box
          sx={{ display: 'grid', gap: 1 }}
          aria-live="polite"
          data-testid="dryrun.answer"
          data-status={run.status}
        >
          <Typography variant="h3" component="h3">
            Prediction
          </Typography>
          {!hasRun && <Alert severity="info">Load a scenario first: the job runs against it.</Alert>}
          {run.status === 'idle' && hasRun && (
            <Typography variant="body1" color="text.secondary">
              Press Run (or Ctrl+Enter in the text) to see when the job starts, whom it would evict, or why it
              never starts.
            </Typography>
          )}
          {(run.status === 'running' || (run.status === 'answered' && run.reply.ok)) && (
            <Typography variant="body2" color="text.secondary" data-testid="dryrun.submitted">
              Submitted at {run.at.session === 1 ? 'the start' : `session ${run.at.session}`} (
              {formatInstant(run.at.timeMs)}).
            </Typography>
          )}
          {run.status === 'running' && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="dryrun.loading">
              <CircularProgress size={18} aria-hidden />
              <Typography variant="body1">Running the scenario with this job…</Typography>
            </Box>
          )}
          {isStale && (
            <Typography variant="body2" color="text.secondary" data-testid="dryrun.stale">
              The text changed since this run; press Run again for the new text.
            </Typography>
          )}
          {run.status === 'answered' &&
            (run.reply.ok ? (
              <DryRunPrediction result={run.reply.result} />
            ) : (
              <DryRunErrors errors={run.reply.errors} onShowLine={(line) => editor.current?.showLine(line)} />
            ))}
          {run.status === 'failed' && (
            <Alert severity="error" data-testid="dryrun.failed">
              No answer from the simulator: {run.error}
            </Alert>
          )}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Close</Button>
        {/* Busy, not disabled, while running: a disabled button drops the keyboard focus out of the dialog,
            and the Escape pressed next would not close it (start() ignores clicks while running). */}
        <Button
          variant="contained"
          onClick={start}
          disabled={!hasRun}
          aria-disabled={run.status === 'running'}
          aria-busy={run.status === 'running'}
          data-testid="dryrun.run"
        >
          Run
        </Button>
      </DialogActions>
    </Dialog>
  );
}
