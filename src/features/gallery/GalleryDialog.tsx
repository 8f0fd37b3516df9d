import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectBuiltinId } from '../../store/scenarioSlice';
import { selectIsGalleryOpen } from '../../store/viewSlice';
import { keepOwnDraft } from '../library/keepDraft';
import { MyScenariosList } from '../library/MyScenariosList';
import type { SavedScenario } from '../library/myScenarios';
import { useMyScenarios } from '../library/useMyScenarios';
import { YourClusterCard } from './YourClusterCard';

export interface GalleryEntry {
  id: string;
  title: string;
  summary: string;
  group: string;
  fileName: string;
  text: string;
}

/**
 * "Your cluster" (take a KAI snapshot and import it), "My scenarios" and the built-in scenarios, grouped by
 * lesson topic; picking one loads it. The editor
 * buffer is replaced, but never lost: unless it is empty, built-in or already saved, it is kept in
 * "My scenarios" first (so no confirmation is needed).
 */
export function GalleryDialog({ entries }: { entries: readonly GalleryEntry[] }) {
  const isOpen = useAppStore(selectIsGalleryOpen);
  const currentId = useAppStore(selectBuiltinId);
  const actions = useAppStore(selectActions);
  const store = useAppStoreApi();
  const saved = useMyScenarios();
  const close = () => actions.setView({ isGalleryOpen: false });
  const groups = [...new Set(entries.map((e) => e.group))];

  /** Keeps the buffer in "My scenarios" if it is the user's own; false when it could not be kept. */
  const keepBuffer = (): boolean => {
    const kept = keepOwnDraft(store.getState(), saved);
    if (kept.error !== null) {
      actions.setView({ notice: { severity: 'error', text: kept.error } });
      return false;
    }
    if (kept.keptAs !== null) {
      actions.setView({
        notice: { severity: 'info', text: `Your text is kept in My scenarios as “${kept.keptAs}”.` },
      });
    }
    return true;
  };

  const pick = (entry: GalleryEntry) => {
    if (!keepBuffer()) return;
    close();
    void actions.loadScenario(entry.text, {
      source: { kind: 'builtin', id: entry.id },
      fileName: entry.fileName,
      replaceDraft: true,
    });
  };

  const openSaved = (entry: SavedScenario) => {
    if (!keepBuffer()) return;
    close();
    void actions.loadScenario(entry.text, {
      source: { kind: 'custom', savedId: entry.id },
      fileName: null,
      replaceDraft: true,
    });
  };

  return (
    <Dialog
      open={isOpen}
      onClose={close}
      maxWidth="lg"
      fullWidth
      aria-labelledby="gallery-title"
      data-testid="gallery-dialog"
    >
      <DialogTitle id="gallery-title">Scenarios</DialogTitle>
      <DialogContent dividers>
        <YourClusterCard onChosen={close} />
        <MyScenariosList entries={saved} onOpen={openSaved} />
        {groups.map((group) => (
          <Box key={group} component="section" sx={{ mb: 2.5 }}>
            <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
              {group}
            </Typography>
            <Box
              sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 1.5 }}
            >
              {entries
                .filter((e) => e.group === group)
                .map((entry) => (
                  <ButtonBase
                    key={entry.id}
                    onClick={() => pick(entry)}
                    data-testid={`gallery.${entry.id}`}
                    aria-current={entry.id === currentId ? 'true' : undefined}
                    sx={{
                      display: 'block',
                      textAlign: 'left',
                      p: 1.5,
                      border: 2,
                      borderRadius: 2,
                      borderColor: entry.id === currentId ? 'primary.main' : 'divider',
                      '&:hover, &.Mui-focusVisible': { borderColor: 'primary.main', bgcolor: 'action.hover' },
                    }}
                  >
                    <Typography variant="body1" sx={{ fontWeight: 700 }}>
                      {entry.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {entry.summary}
                    </Typography>
                  </ButtonBase>
                ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => {
            close();
            actions.setView({ isEditorOpen: true });
          }}
        >
          Paste or open your own YAML…
        </Button>
        <Button onClick={close}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
