import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import {
  DownloadIcon,
  FolderOpenIcon,
  FormatAlignLeftIcon,
  NoteAddIcon,
  OutputIcon,
  UnfoldMoreIcon,
} from '../../ui/icons';
import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import { downloadText, yamlFileName } from '../library/downloadText';
import { entryToUpdate } from '../library/entryToUpdate';
import { listMyScenarios, scenarioNameOf } from '../library/myScenarios';
import { browserLocalStorage, keepScenario } from '../library/useMyScenarios';
import { keepBufferFirst, replaceWithNewEntry } from '../library/replaceBuffer';
import { useFileChooser } from '../cluster-import/useFileChooser';
import { useOpenFile } from '../cluster-import/useOpenFile';
import { LoadProgress } from '../status/LoadProgress';
import { selectActions } from '../../store/createAppStore';
import { selectRunStatus } from '../../store/runSlice';
import {
  selectDraft,
  selectDraftEntry,
  selectIsDraftDirty,
  selectIssues,
  selectIssuesText,
  selectLoadError,
  selectLoadedText,
  selectLoadState,
} from '../../store/scenarioSlice';
import { selectIsEditorOpen } from '../../store/viewSlice';
import {
  importKubernetesYaml,
  looksLikeKubernetesYaml,
} from '../../engine/scenario/importers/importKubernetesYaml';
import { exportDraftAsKubernetes } from './exportDraftAsKubernetes';
import { useCurrentIssues } from './useCurrentIssues';
import { formatYaml } from './formatYaml';
import { ImportReport, type ImportSummary } from './ImportReport';
import { IssueList } from './IssueList';
import { isLargeText, largeTextNote } from './largeText';
import { hasWorkload, useExpandWorkload } from './useExpandWorkload';
import { ScenarioCodeEditor, type ScenarioCodeEditorHandle } from './ScenarioCodeEditor';
import { SCENARIO_TEMPLATES } from './templates/scenarioTemplates';
import { MAX_SHARD_FILES } from '../../protocol/clusterImport';

/** The importer's scenario name when the YAML names none (see importKubernetesYaml). */
const IMPORTED_NAME = 'Imported from Kubernetes YAML';

/**
 * Write, paste, open or drop a scenario and apply it. The buffer lives in the store (and in this tab's
 * slot in localStorage), so a failed parse, a crash or a reload never loses it. Problems are marked in the
 * text as you type (validated by the worker) and listed with their field path and line after Apply;
 * clicking one selects that line. Engine errors (a scenario it refused, a run that failed) show here too.
 */
export function EditorDialog() {
  const isOpen = useAppStore(selectIsEditorOpen);
  const draft = useAppStore(selectDraft);
  const loadedText = useAppStore(selectLoadedText);
  const isDirty = useAppStore(selectIsDraftDirty);
  const issues = useAppStore(selectIssues);
  const issuesText = useAppStore(selectIssuesText);
  const loadState = useAppStore(selectLoadState);
  const actions = useAppStore(selectActions);
  const store = useAppStoreApi();
  const loadError = useAppStore(selectLoadError);
  const runStatus = useAppStore(selectRunStatus);
  const [isDragOver, setIsDragOver] = useState(false);
  const [formatError, setFormatError] = useState<string | null>(null);
  const draftEntry = useAppStore(selectDraftEntry);
  /** The last conversion's report, with the entry its scenario was saved as. */
  const [importReport, setImportReport] = useState<{ summary: ImportSummary; entryId: string | null } | null>(
    null,
  );
  // The report belongs to the converted text: once another scenario is in the editor (a gallery pick, a
  // file, a template) it is not shown over it.
  const shownReport =
    importReport !== null && importReport.entryId === (draftEntry?.id ?? null) ? importReport.summary : null;
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const [exportError, setExportError] = useState<string | null>(null);
  // Read once per text, not on every render (a multi-MB text: a load's progress re-renders the dialog often).
  const isKubernetes = useMemo(() => looksLikeKubernetesYaml(draft), [draft]);
  const draftHasWorkload = useMemo(() => hasWorkload(draft), [draft]);
  const isBlank = useMemo(() => draft.trim() === '', [draft]);
  const [templateMenu, setTemplateMenu] = useState<HTMLElement | null>(null);
  const codeRef = useRef<ScenarioCodeEditorHandle | null>(null);
  const engineError =
    loadState === 'failed' && loadError !== null
      ? loadError
      : !isDirty && runStatus?.state === 'failed' && runStatus.error !== null
        ? `The engine failed on this scenario: ${runStatus.error}`
        : null;
  const openAnyFile = useOpenFile();
  // Several files at once are KAI snapshots, one per shard, merged by the import (decision 0327).
  const chooser = useFileChooser(
    'Scenario file',
    (_file, all) => void openAnyFile(all),
    undefined,
    undefined,
    true,
  );
  const applied = useRef(false);
  const close = () => actions.setView({ isEditorOpen: false });
  const expansion = useExpandWorkload(store);

  const keepBuffer = (name?: string): boolean => keepBufferFirst(store, name);

  /**
   * Kubernetes YAML (Queues, ConfigMaps, Nodes, PodGroups, Jobs, Pods) becomes a scenario in the editor,
   * with a report of what was not mapped. The pasted text and the scenario are each kept in "My scenarios"
   * as new entries: a pasted document is never an edit of the scenario the buffer held before.
   */
  const convert = (text: string) => {
    const result = importKubernetesYaml(text);
    if (!result.ok) {
      setImportErrors(result.errors);
      return;
    }
    setImportErrors([]);
    const name = scenarioNameOf(result.text, IMPORTED_NAME);
    if (!keepBuffer(name === IMPORTED_NAME ? 'Pasted Kubernetes YAML' : `${name} (Kubernetes YAML)`)) return;
    const entryId = replaceWithNewEntry(store, result.text, name, 'import');
    setImportReport({
      summary: { imported: result.imported, notes: result.notes, unmapped: result.unmapped },
      entryId,
    });
  };

  const apply = () => {
    // A large text's last keys reach the store after a pause: take them now, and apply what is in the store.
    codeRef.current?.flush();
    const text = store.getState().scenario.draft;
    if (looksLikeKubernetesYaml(text)) {
      convert(text);
      return;
    }
    applied.current = true;
    setImportReport(null); // reviewed: it asked for exactly this Apply
    // What a person applies is kept in "My scenarios" under its name: the entry the buffer is an edit of
    // (the same entry on every apply), else a new one; never the entry of the scenario open before a file,
    // a template or a conversion replaced the buffer (issue 18).
    const kept = keepScenario({
      id: entryToUpdate(store.getState().scenario.draftEntry, text, listMyScenarios(browserLocalStorage())),
      name: scenarioNameOf(text),
      text,
      origin: 'written',
    });
    if (!kept.ok) actions.setView({ notice: { severity: 'error', text: kept.error } });
    void actions.loadScenario(text, {
      source: kept.ok ? { kind: 'custom', savedId: kept.entry.id } : { kind: 'custom' },
      fileName: null,
      // The same text: this only makes the buffer an edit of the entry just saved.
      replaceDraft: true,
    });
  };

  // Close once an applied text has loaded; stay open (showing the problems) when it did not parse.
  const issueListRef = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (applied.current && loadState === 'loaded') {
      applied.current = false;
      actions.setView({ isEditorOpen: false });
    }
    if (loadState === 'invalid' || loadState === 'failed') {
      // At 1280x720 the list began under the dialog's footer (y=619): Apply looked like it did nothing.
      // The failed Apply brings the list into view (decision 0270).
      if (applied.current) issueListRef.current?.scrollIntoView?.({ block: 'nearest' });
      applied.current = false;
    }
  }, [loadState, actions]);
  const showIssues = () => issueListRef.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });

  const showLine = (line: number) => codeRef.current?.showLine(line);
  // The Apply's problems while the text is the one applied; a replaced or edited text is validated anew.
  const listed = useCurrentIssues(
    draft,
    loadState === 'invalid' && !isKubernetes ? { text: issuesText, issues } : null,
    actions.validateText,
  );

  /** Downloads the scenario as KAI or Volcano objects (Queues, scheduler ConfigMap, Nodes, PodGroups, Pods). */
  const exportKubernetes = () => {
    const result = exportDraftAsKubernetes(draft);
    setExportError(result.ok ? null : result.error);
    if (result.ok) downloadText(result.fileName, result.text);
  };

  const format = () => {
    const result = formatYaml(draft);
    setFormatError(result.ok ? null : result.error);
    if (result.ok) actions.setDraft(result.text);
  };

  /**
   * Starts from a template; the current buffer is kept in "My scenarios" first when it is the user's own.
   * The template is no saved entry's edit: applying it adds an entry.
   */
  const newScenario = (text: string) => {
    setTemplateMenu(null);
    if (!keepBuffer()) return;
    actions.replaceDraft(text, null);
  };

  // A file dropped anywhere on the dialog opens like "Open file…" (a cluster file starts the import).
  const onDrop = async (event: DragEvent) => {
    event.preventDefault();
    setIsDragOver(false);
    await openAnyFile([...event.dataTransfer.files]);
  };

  return (
    <Dialog
      open={isOpen}
      onClose={close}
      maxWidth="lg"
      fullWidth
      aria-labelledby="editor-title"
      data-testid="editor-dialog"
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files')) {
          e.preventDefault();
          setIsDragOver(true);
        }
      }}
      onDragLeave={() => setIsDragOver(false)}
      onDrop={(e) => void onDrop(e)}
      slotProps={{ paper: { sx: isDragOver ? { outline: 3, outlineColor: 'primary.main' } : {} } }}
    >
      <DialogTitle id="editor-title">Scenario YAML</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button startIcon={<FolderOpenIcon />} onClick={chooser.choose} data-testid="editor.open-file">
            Open file…
          </Button>
          {chooser.input}
          <Button
            startIcon={<NoteAddIcon />}
            onClick={(e) => setTemplateMenu(e.currentTarget)}
            aria-haspopup="menu"
            data-testid="editor.new"
          >
            New scenario
          </Button>
          <Menu anchorEl={templateMenu} open={templateMenu !== null} onClose={() => setTemplateMenu(null)}>
            {SCENARIO_TEMPLATES.map((t) => (
              <MenuItem
                key={t.profile}
                onClick={() => newScenario(t.text)}
                data-testid={`editor.new.${t.profile}`}
              >
                {t.label} template (with comments)
              </MenuItem>
            ))}
          </Menu>
          <Button
            startIcon={<FormatAlignLeftIcon />}
            onClick={format}
            disabled={isBlank}
            data-testid="editor.format"
          >
            Format
          </Button>
          <Button
            startIcon={<UnfoldMoreIcon />}
            onClick={() => void expansion.expand()}
            disabled={!draftHasWorkload || isKubernetes || expansion.isBusy}
            title="Writes the jobs the seeded workload generates as plain jobs, so you can edit each one"
            data-testid="editor.expand-workload"
          >
            Expand workload
          </Button>
          <Button
            startIcon={<DownloadIcon />}
            onClick={() => downloadText(yamlFileName(scenarioNameOf(draft, 'scenario')), draft)}
            disabled={isBlank}
            data-testid="editor.download"
          >
            Download YAML
          </Button>
          <Button
            startIcon={<OutputIcon />}
            onClick={exportKubernetes}
            disabled={isBlank || isKubernetes}
            title="The scenario as KAI or Volcano Queues, the scheduler ConfigMap, Nodes, PodGroups and Pods; Convert to scenario reads it back"
            data-testid="editor.export-kubernetes"
          >
            Export as Kubernetes YAML
          </Button>
          <Button
            onClick={() => {
              // Back to the running text: an edit of the entry it runs from, not of what the buffer held.
              const source = store.getState().scenario.source;
              actions.replaceDraft(loadedText, source?.kind === 'custom' ? (source.savedId ?? null) : null);
            }}
            disabled={!isDirty || loadedText === ''}
            data-testid="editor.revert"
          >
            Revert to the running scenario
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
            Ctrl+Space completes · Ctrl+F searches · Ctrl+Enter applies · drop a file to open it (up to{' '}
            {MAX_SHARD_FILES} KAI snapshots, one per shard, are merged)
          </Typography>
        </Box>
        {/* Above the text, where it is seen at 1280×720 without scrolling the dialog. */}
        {isLargeText(draft.length) && (
          <Alert severity="info" data-testid="editor.large-text" sx={{ py: 0 }}>
            {largeTextNote(draft.length)}
          </Alert>
        )}
        <ScenarioCodeEditor
          ref={codeRef}
          value={draft}
          onChange={actions.setDraft}
          onApply={apply}
          validate={actions.validateText}
          engineError={engineError}
        />
        {shownReport !== null && <ImportReport report={shownReport} onClose={() => setImportReport(null)} />}
        {isKubernetes && importErrors.length === 0 && (
          <Alert severity="info" data-testid="editor.kubernetes">
            This is Kubernetes YAML. “Convert to scenario” reads its KAI and Volcano Queues, KAI Topologies
            and SchedulingShards, scheduler ConfigMaps, PriorityClasses, Nodes, PodGroups, Volcano Jobs, Kueue
            ResourceFlavors, Cohorts, ClusterQueues, LocalQueues, Workloads, WorkloadPriorityClasses and
            labelled Jobs, and Pods (and what Export as Kubernetes YAML added for the sandbox), and lists
            every field it cannot map.
          </Alert>
        )}
        {importErrors.length > 0 && (
          <Alert severity="error" data-testid="editor.import-errors" onClose={() => setImportErrors([])}>
            Nothing was converted: {importErrors.join(' · ')}
          </Alert>
        )}
        {exportError !== null && (
          <Alert severity="warning" onClose={() => setExportError(null)} data-testid="editor.export-error">
            {exportError}
          </Alert>
        )}
        {expansion.outcome?.kind === 'expanded' && (
          <Alert severity="success" onClose={expansion.dismiss} data-testid="editor.expanded">
            {expansion.outcome.message}
          </Alert>
        )}
        {expansion.outcome?.kind === 'failed' && (
          <Alert severity="error" onClose={expansion.dismiss} data-testid="editor.expand-error">
            {expansion.outcome.message}
          </Alert>
        )}
        {expansion.outcome?.kind === 'invalid' && (
          <IssueList
            issues={expansion.outcome.issues}
            title={`${expansion.outcome.issues.length} ${expansion.outcome.issues.length === 1 ? 'problem' : 'problems'}: the workload was not expanded`}
            onShowLine={showLine}
            onClose={expansion.dismiss}
            testId="editor.expand-issues"
          />
        )}
        {formatError !== null && (
          <Alert severity="warning" onClose={() => setFormatError(null)} data-testid="editor.format-error">
            {formatError}
          </Alert>
        )}
        {engineError !== null && (
          <Alert severity="error" data-testid="editor.engine-error">
            {engineError}
          </Alert>
        )}
        {listed.issues.length > 0 && (
          <IssueList
            ref={issueListRef}
            issues={listed.issues}
            title={`${listed.issues.length} ${listed.issues.length === 1 ? 'problem' : 'problems'}${listed.isFresh ? ' in this text: it is not applied yet' : ': nothing was applied'}`}
            onShowLine={showLine}
            testId="editor.issues"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Box sx={{ flex: 1, minWidth: 0, pl: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          {listed.issues.length > 0 && !listed.isFresh && (
            // Beside Apply, where the eye is after clicking it: the failed Apply said so only in the list.
            <Button
              color="error"
              onClick={showIssues}
              sx={{ textTransform: 'none', fontWeight: 700 }}
              data-testid="editor.issue-summary"
            >
              {listed.issues.length} {listed.issues.length === 1 ? 'problem' : 'problems'}: nothing was
              applied (show)
            </Button>
          )}
          <LoadProgress
            onCancel={() => {
              // Stay open on the text the user typed: the restored scenario's load is not this Apply.
              applied.current = false;
            }}
          />
        </Box>
        <Button onClick={close} data-testid="editor.close">
          Close
        </Button>
        <Button
          variant="contained"
          onClick={apply}
          disabled={isBlank || loadState === 'loading'}
          data-testid="editor.apply"
        >
          {isKubernetes ? 'Convert to scenario' : 'Apply'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
