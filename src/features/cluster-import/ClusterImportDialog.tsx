import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { ImportDialogTitle } from './ImportDialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useAppStoreApi } from '../../store/AppStoreProvider';
import {
  useClusterImportApi,
  useClusterImportStore,
} from '../../store/clusterImport/ClusterImportStoreProvider';
import type { ClusterImportState } from '../../store/clusterImport/createClusterImportStore';
import { downloadText } from '../library/downloadText';
import { LoadProgress } from '../status/LoadProgress';
import { ClusterImportReport } from './ClusterImportReport';
import { ImportProgress } from './ImportProgress';
import { loadImportedScenario } from './loadImportedScenario';
import { redactionCsv } from '../../engine/scenario/importers/cluster/redactionCsv';
import { nameTableFileName } from './nameTableFileName';
import { useFileChooser } from './useFileChooser';
import { useOpenFile } from './useOpenFile';
import { ShardFilesReady } from './ShardFilesReady';

const selectStep = (s: ClusterImportState) => s.step;
const selectKind = (s: ClusterImportState) => s.kind;
const selectFile = (s: ClusterImportState) => s.file;
const selectFormat = (s: ClusterImportState) => s.format;
const selectRedact = (s: ClusterImportState) => s.redact;
const selectProgress = (s: ClusterImportState) => s.progress;
const selectStartedAt = (s: ClusterImportState) => s.startedAt;
const selectReport = (s: ClusterImportState) => s.report;
const selectErrors = (s: ClusterImportState) => s.errors;
const selectShardFiles = (s: ClusterImportState) => s.shardFiles;
const selectShardFile = (s: ClusterImportState) => s.shardFile;
const selectActions = (s: ClusterImportState) => s.actions;

/** Reading a file to tell what it is takes a moment only for big files: the dialog waits this long to show. */
const CHECKING_SHOWN_AFTER_MS = 400;

/**
 * Import a cluster (issue 19): the file, the "Redact names" switch, then the worker's progress with Cancel,
 * then the report (or the errors, with the scenario loaded before left as it was). The imported scenario
 * loads behind the dialog; its own load progress shows here until the first session is on screen.
 */
export function ClusterImportDialog() {
  const step = useClusterImportStore(selectStep);
  const kind = useClusterImportStore(selectKind);
  const file = useClusterImportStore(selectFile);
  const redact = useClusterImportStore(selectRedact);
  const format = useClusterImportStore(selectFormat);
  const progress = useClusterImportStore(selectProgress);
  const startedAt = useClusterImportStore(selectStartedAt);
  const report = useClusterImportStore(selectReport);
  const errors = useClusterImportStore(selectErrors);
  const shardFiles = useClusterImportStore(selectShardFiles);
  const shardFile = useClusterImportStore(selectShardFile);
  const actions = useClusterImportStore(selectActions);
  const importStore = useClusterImportApi();
  const store = useAppStoreApi();
  const openAnyFile = useOpenFile();
  const chooser = useFileChooser(
    'Cluster file',
    (_file, all) => void openAnyFile(all),
    undefined,
    undefined,
    true,
  );
  const [isCheckingLong, setCheckingLong] = useState(false);

  useEffect(() => {
    if (step !== 'checking') return;
    const timer = setTimeout(() => setCheckingLong(true), CHECKING_SHOWN_AFTER_MS);
    return () => {
      clearTimeout(timer);
      setCheckingLong(false);
    };
  }, [step]);

  // A GPU trace has its own dialog (features/trace-import); a file not read yet, or unreadable, is shown here.
  const isOpen =
    kind !== 'trace' &&
    (step === 'ready' || step === 'importing' || step === 'done' || step === 'failed' || isCheckingLong);
  const isBusy = step === 'checking' || step === 'importing';

  const start = async () => {
    const { file: opened, shardFiles: merged } = importStore.getState();
    const fileName = merged !== null ? merged.map((f) => f.name).join(' + ') : (opened?.name ?? 'cluster');
    const result = await actions.start();
    if (result !== null) loadImportedScenario(store, result, fileName);
  };

  const downloadNames = () => {
    const rows = importStore.getState().report?.redaction;
    if (rows === null || rows === undefined) return;
    downloadText(nameTableFileName(file?.name ?? 'cluster'), redactionCsv(rows), 'text/csv');
  };

  return (
    <Dialog
      open={isOpen}
      onClose={() => {
        if (!isBusy) actions.close();
      }}
      maxWidth="md"
      fullWidth
      aria-labelledby="cluster-import-title"
      data-testid="cluster-import-dialog"
    >
      <ImportDialogTitle
        id="cluster-import-title"
        title="Import a cluster"
        file={file}
        testId="cluster-import.file"
      />
      <DialogContent
        dividers
        // One column that may shrink: an object path has no break opportunity and must wrap, not widen.
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2, overflowWrap: 'anywhere' }}
      >
        {step === 'checking' && <Typography variant="body1">Reading the file…</Typography>}
        {step === 'ready' && shardFiles !== null && <ShardFilesReady files={shardFiles} />}
        {step === 'ready' && shardFiles === null && (
          <>
            <Typography variant="body1">
              {format === 'kubernetes-yaml' ? 'This is a Kubernetes YAML bundle.' : 'This is a KAI snapshot.'}{' '}
              It is read here, in this browser: nothing is sent anywhere. The scenario it makes becomes the
              current one and is kept in My scenarios; the scenario you have stays loaded until the new one is
              ready.
            </Typography>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={redact}
                    onChange={(e) => actions.setRedact(e.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'cluster-import-redact-help' } }}
                    data-testid="cluster-import.redact"
                  />
                }
                label={<Typography sx={{ fontWeight: 700 }}>Redact names</Typography>}
              />
              <Typography variant="body1" color="text.secondary" id="cluster-import-redact-help">
                Replaces every namespace, queue, job, pod, node and label value by a pseudonym before the
                scenario is made, so that nothing kept or shared holds a real name. The table that translates
                them back is offered as a separate file.
              </Typography>
            </Box>
          </>
        )}
        {step === 'importing' && file !== null && startedAt !== null && (
          <ImportProgress
            progress={progress}
            fileName={
              shardFile === null
                ? file.name
                : `${shardFile.name} (${shardFile.index + 1} of ${shardFile.count})`
            }
            bytes={shardFile === null ? file.size : shardFile.bytes}
            startedAt={startedAt}
          />
        )}
        {step === 'failed' && (
          <Alert severity="error" data-testid="cluster-import.errors" sx={{ fontSize: '1rem' }}>
            <AlertTitle>Nothing was imported: the scenario you had is still loaded</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {errors.map((error, i) => (
                <li key={i} data-testid="cluster-import.error">
                  {error}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {step === 'done' && report !== null && (
          <ClusterImportReport report={report} onDownloadNames={downloadNames} />
        )}
      </DialogContent>
      <DialogActions sx={{ gap: 1, flexWrap: 'wrap' }}>
        {step === 'done' && (
          <Box sx={{ flex: 1, minWidth: 0, pl: 1 }}>
            <LoadProgress />
          </Box>
        )}
        {chooser.input}
        {step === 'failed' && (
          <Button onClick={chooser.choose} data-testid="cluster-import.choose-another">
            Choose another file…
          </Button>
        )}
        {isBusy ? (
          <Button variant="outlined" onClick={actions.cancel} data-testid="cluster-import.cancel">
            Cancel
          </Button>
        ) : (
          <Button onClick={actions.close} data-testid="cluster-import.close">
            {step === 'ready' ? 'Cancel' : 'Close'}
          </Button>
        )}
        {step === 'ready' && (
          <Button
            variant="contained"
            onClick={() => void start()}
            autoFocus
            data-testid="cluster-import.start"
          >
            Import
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
