import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectIsHelpOpen } from '../../store/viewSlice';
import { Keycap } from '../../ui/Keycap';
import { SHORTCUTS, type Shortcut } from '../keyboard/shortcuts';
import { LESSON_KEYS } from '../lesson/lessonKeys';

const GROUPS: Shortcut['group'][] = ['Stepping', 'Presenting', 'Views', 'Help'];

/** Lists every keyboard shortcut, straight from the table the key handler uses. */
export function HelpDialog() {
  const isOpen = useAppStore(selectIsHelpOpen);
  const actions = useAppStore(selectActions);
  const close = () => actions.setView({ isHelpOpen: false });
  return (
    <Dialog
      open={isOpen}
      onClose={close}
      maxWidth="md"
      fullWidth
      aria-labelledby="help-title"
      data-testid="help-dialog"
    >
      <DialogTitle id="help-title">Keyboard shortcuts</DialogTitle>
      {/* The list scrolls on small screens: focusable so the keyboard can scroll it too. */}
      <DialogContent tabIndex={0} sx={{ display: 'grid', gridTemplateColumns: { md: '1fr 1fr' }, gap: 3 }}>
        {GROUPS.map((group) => (
          <Box key={group}>
            <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
              {group}
            </Typography>
            <Box
              component="dl"
              sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}
            >
              {SHORTCUTS.filter((s) => s.group === group).map((s) => (
                <Box key={s.id} sx={{ display: 'contents' }} data-testid={`help-dialog.${s.id}`}>
                  <Box component="dt" sx={{ display: 'flex', gap: 0.5 }}>
                    {s.keys.map((k) => (
                      <Keycap key={k} label={k} />
                    ))}
                  </Box>
                  <Typography component="dd" variant="body1" sx={{ m: 0 }}>
                    {s.description}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Box>
        ))}
        <Box>
          <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
            Lesson (with the lesson focused)
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
            {LESSON_KEYS.map((k) => (
              <Box key={k.id} sx={{ display: 'contents' }} data-testid={`help-dialog.${k.id}`}>
                <Box component="dt" sx={{ display: 'flex', gap: 0.5 }}>
                  {k.keys.map((key) => (
                    <Keycap key={key} label={key} />
                  ))}
                </Box>
                <Typography component="dd" variant="body1" sx={{ m: 0 }}>
                  {k.description}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="help-dialog.close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
