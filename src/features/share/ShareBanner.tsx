import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectDraft, selectScenarioSource, selectSummary } from '../../store/scenarioSlice';
import { selectNotice } from '../../store/viewSlice';
import {
  findBuiltinScenario,
  DEFAULT_SCENARIO_ID,
  BUILTIN_SCENARIOS,
} from '../../scenarios/builtinScenarios';
import { keepLoadedScenario } from '../library/keepLoadedScenario';
import { scenarioNameOf } from '../library/myScenarios';

/**
 * The preview of a shared scenario (the recipient's own draft is untouched: one click returns to it,
 * another keeps the shared one in "My scenarios"), what an older link may show differently, and one-line
 * notices about links and saving (a damaged link, a full storage). Embedded, only the notices show.
 */
export function ShareBanner({ isEmbed = false }: { isEmbed?: boolean }) {
  const source = useAppStore(selectScenarioSource);
  const summary = useAppStore(selectSummary);
  const draft = useAppStore(selectDraft);
  const notice = useAppStore(selectNotice);
  const actions = useAppStore(selectActions);
  const store = useAppStoreApi();
  // An embedded view is read-only: a shared scenario is simply shown, with no draft to return to.
  const isPreview = source?.kind === 'shared' && !isEmbed;
  const hasOwnDraft = draft.trim() !== '' && !BUILTIN_SCENARIOS.some((s) => s.text === draft);

  const backToDraft = () => {
    actions.setView({ notice: null });
    if (hasOwnDraft) {
      // A draft that does not parse yet opens in the editor with its problems, as after Apply.
      void actions.loadScenario(draft, { source: { kind: 'custom' } }).then(() => {
        if (store.getState().scenario.loadState === 'invalid') actions.setView({ isEditorOpen: true });
      });
      return;
    }
    const entry = BUILTIN_SCENARIOS.find((s) => s.text === draft) ?? findBuiltinScenario(DEFAULT_SCENARIO_ID);
    if (entry !== undefined && entry !== null) {
      void actions.loadScenario(entry.text, {
        source: { kind: 'builtin', id: entry.id },
        fileName: entry.fileName,
      });
    }
  };

  const keepCopy = () => keepLoadedScenario(store, 'link', summary?.name ?? null);

  if (!isPreview && notice === null) return null;
  return (
    <Stack spacing={0.5} sx={{ px: 1, pt: 0.5 }}>
      {isPreview && (
        <Alert
          severity="info"
          data-testid="preview.banner"
          action={
            <Stack direction="row" spacing={1} sx={{ whiteSpace: 'nowrap', alignItems: 'center' }}>
              <Button color="inherit" variant="outlined" onClick={backToDraft} data-testid="preview.back">
                {hasOwnDraft ? 'Back to my draft' : 'Close preview'}
              </Button>
              <Button color="inherit" variant="contained" onClick={keepCopy} data-testid="preview.keep">
                Keep a copy
              </Button>
            </Stack>
          }
        >
          <AlertTitle>Preview of a shared scenario{summary === null ? '' : `: ${summary.name}`}</AlertTitle>
          {hasOwnDraft
            ? `Your own draft (“${scenarioNameOf(draft)}”) is kept as it was; nothing of yours was changed.`
            : 'Nothing of yours was changed.'}
          {source.notes.map((note) => (
            <div key={note} data-testid="preview.note">
              <b>Note:</b> {note}
            </div>
          ))}
        </Alert>
      )}
      {notice !== null && (
        <Alert
          severity={notice.severity}
          data-testid={`notice.${notice.severity}`}
          onClose={() => actions.setView({ notice: null })}
        >
          {notice.text}
        </Alert>
      )}
    </Stack>
  );
}
