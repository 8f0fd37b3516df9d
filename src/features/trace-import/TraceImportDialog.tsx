import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { ImportDialogTitle } from '../cluster-import/ImportDialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { TraceImportError } from '../../protocol/clusterImport';
import { useAppStoreApi } from '../../store/AppStoreProvider';
import {
  useClusterImportApi,
  useClusterImportStore,
} from '../../store/clusterImport/ClusterImportStoreProvider';
import type { ClusterImportState } from '../../store/clusterImport/createClusterImportStore';
import { fileSize } from '../cluster-import/fileSize';
import { useElapsedSeconds } from '../status/useElapsedSeconds';
import { openTraceInEditor } from './openTraceInEditor';
import {
  defaultTraceOptions,
  placeTraceErrors,
  readTraceOptions,
  type TraceOptionsField,
  type TraceOptionsForm,
} from './traceOptions';
import { TRACE_FIELD_LABEL } from './traceFormatLabels';
import { TraceImportReport } from './TraceImportReport';
import { TraceOptionsFields } from './TraceOptionsFields';

const selectStep = (s: ClusterImportState) => s.step;
const selectKind = (s: ClusterImportState) => s.kind;
const selectFile = (s: ClusterImportState) => s.file;
const selectDetected = (s: ClusterImportState) => s.traceFormat;
const selectStartedAt = (s: ClusterImportState) => s.startedAt;
const selectTrace = (s: ClusterImportState) => s.trace;
const selectTraceErrors = (s: ClusterImportState) => s.traceErrors;
const selectErrors = (s: ClusterImportState) => s.errors;
const selectActions = (s: ClusterImportState) => s.actions;

/** `line 12, submit_time: …`: where first, then what (the engine's words). */
function errorText(error: TraceImportError): string {
  const where = [error.line === null ? null : `line ${error.line}`, error.field].filter((w) => w !== null);
  return where.length === 0 ? error.message : `${where.join(', ')}: ${error.message}`;
}

function Importing({ fileName, bytes, startedAt }: { fileName: string; bytes: number; startedAt: number }) {
  const elapsed = useElapsedSeconds(startedAt);
  return (
    <Box data-testid="trace-import.progress">
      <Typography variant="body1" role="status">
        Reading the trace and writing the scenario · {fileName} ({fileSize(bytes)})
        {elapsed > 0 ? ` · ${elapsed} s` : ''}
      </Typography>
      <LinearProgress aria-label="Importing the trace" sx={{ mt: 1, height: 8, borderRadius: 1 }} />
    </Box>
  );
}

/**
 * Import a public GPU trace (issue 20, decision 0193): the options (format detected from the content),
 * then the import in the import worker with Cancel, then the report with "Open in editor". An import
 * the engine refuses returns to the options with its errors (line and column), the file still open, and
 * the scenario loaded before untouched.
 */
export function TraceImportDialog() {
  const step = useClusterImportStore(selectStep);
  const kind = useClusterImportStore(selectKind);
  const file = useClusterImportStore(selectFile);
  const detected = useClusterImportStore(selectDetected);
  const startedAt = useClusterImportStore(selectStartedAt);
  const trace = useClusterImportStore(selectTrace);
  const traceErrors = useClusterImportStore(selectTraceErrors);
  const errors = useClusterImportStore(selectErrors);
  const actions = useClusterImportStore(selectActions);
  const importStore = useClusterImportApi();
  const store = useAppStoreApi();
  const [form, setForm] = useState<TraceOptionsForm>(() => defaultTraceOptions(detected ?? 'philly'));
  const [fieldErrors, setFieldErrors] = useState<ReturnType<typeof readFieldErrors>>({});

  // A new file starts from the defaults with its detected format.
  useEffect(() => {
    if (detected !== null) setForm(defaultTraceOptions(detected));
    setFieldErrors({});
  }, [file, detected]);

  const placed = placeTraceErrors(traceErrors);

  const isOpen = kind === 'trace' && step !== 'idle' && step !== 'checking';
  const isBusy = step === 'importing';

  const start = () => {
    const read = readTraceOptions(form);
    setFieldErrors(readFieldErrors(read));
    // The file's name goes into the scenario's name and header comment only, never into detection.
    if (read.ok) void actions.startTrace({ ...read.options, sourceName: file?.name ?? 'trace' });
  };

  const openInEditor = () => {
    const current = importStore.getState().trace;
    if (current === null) return;
    if (openTraceInEditor(store, current.text, file?.name ?? 'trace')) actions.close();
  };

  return (
    <Dialog
      open={isOpen}
      onClose={() => {
        if (!isBusy) actions.close();
      }}
      maxWidth="md"
      fullWidth
      aria-labelledby="trace-import-title"
      data-testid="trace-import-dialog"
    >
      <ImportDialogTitle
        id="trace-import-title"
        title="Import a GPU trace"
        file={file}
        testId="trace-import.file"
      />
      <DialogContent
        dividers
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, overflowWrap: 'anywhere' }}
      >
        {step === 'ready' && (
          <>
            <Typography variant="body1">
              Each virtual cluster or organization of the trace becomes a queue, each job a job of the
              scenario. The trace is read here, in this browser: nothing is sent anywhere. The scenario opens
              in the editor; the one you have stays loaded until you apply it.
            </Typography>
            {traceErrors.length > 0 && (
              <Alert severity="error" data-testid="trace-import.failed" sx={{ fontSize: '1rem' }}>
                <AlertTitle>Nothing was imported: change the options or choose another file</AlertTitle>
                <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                  {Object.entries(placed.fields).map(([field, message]) => (
                    <li key={field} data-testid="trace-import.option-error">
                      {TRACE_FIELD_LABEL[field as TraceOptionsField]}: {message}
                    </li>
                  ))}
                  {placed.file.map((error, i) => (
                    <li key={i} data-testid="trace-import.error">
                      {errorText(error)}
                    </li>
                  ))}
                </Box>
              </Alert>
            )}
            <TraceOptionsFields
              form={form}
              errors={{ ...placed.fields, ...fieldErrors }}
              detected={detected}
              onChange={setForm}
            />
          </>
        )}
        {step === 'importing' && file !== null && startedAt !== null && (
          <Importing fileName={file.name} bytes={file.size} startedAt={startedAt} />
        )}
        {step === 'failed' && (
          <Alert severity="error" data-testid="trace-import.errors" sx={{ fontSize: '1rem' }}>
            <AlertTitle>Nothing was imported: the scenario you had is still loaded</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {errors.map((error, i) => (
                <li key={i} data-testid="trace-import.error">
                  {error}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {step === 'done' && trace !== null && <TraceImportReport report={trace.report} />}
      </DialogContent>
      <DialogActions sx={{ gap: 1, flexWrap: 'wrap' }}>
        {isBusy ? (
          <Button variant="outlined" onClick={actions.cancel} data-testid="trace-import.cancel">
            Cancel
          </Button>
        ) : (
          <Button onClick={actions.close} data-testid="trace-import.close">
            {step === 'ready' ? 'Cancel' : 'Close'}
          </Button>
        )}
        {step === 'done' && (
          <Button onClick={actions.editTraceOptions} data-testid="trace-import.change-options">
            Change options
          </Button>
        )}
        {step === 'ready' && (
          <Button variant="contained" onClick={start} data-testid="trace-import.start">
            Import
          </Button>
        )}
        {step === 'done' && (
          <Button
            variant="contained"
            onClick={openInEditor}
            autoFocus
            data-testid="trace-import.open-in-editor"
          >
            Open in editor
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}

function readFieldErrors(read: ReturnType<typeof readTraceOptions>) {
  return read.ok ? {} : read.errors;
}
