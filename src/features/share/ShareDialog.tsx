import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ContentCopyIcon, DownloadIcon } from '../../ui/icons';
import { useMemo, useState } from 'react';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import {
  selectDraft,
  selectLoadedText,
  selectScenarioSource,
  selectSummary,
} from '../../store/scenarioSlice';
import { selectSelection } from '../../store/selectionSlice';
import { selectIsShareOpen } from '../../store/viewSlice';
import type { AppState } from '../../store/AppState';
import { urlStateFrom } from '../url-sync/useUrlSync';
import { downloadText, yamlFileName } from '../library/downloadText';
import { buildShareLink } from './buildShareLink';
import { LINK_MAX_LENGTH, LINK_WARN_LENGTH } from './shareLink';

const fmt = (n: number) => n.toLocaleString('en');
const selectCursor = (s: AppState) => s.run.cursor;
const selectPairState = (s: AppState) => s.selection.pair;

/** Copies a link to the current scenario, session and selection; offers a file when it is too long. */
export function ShareDialog() {
  const isOpen = useAppStore(selectIsShareOpen);
  const actions = useAppStore(selectActions);
  const source = useAppStore(selectScenarioSource);
  const loadedText = useAppStore(selectLoadedText);
  const draft = useAppStore(selectDraft);
  const summary = useAppStore(selectSummary);
  const cursor = useAppStore(selectCursor);
  const selection = useAppStore(selectSelection);
  const pair = useAppStore(selectPairState);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const link = useMemo(
    () =>
      isOpen
        ? buildShareLink(
            { source, loadedText, place: urlStateFrom(source, cursor, selection, pair) },
            `${window.location.origin}${window.location.pathname}`,
          )
        : null,
    [isOpen, source, loadedText, cursor, selection, pair],
  );
  const close = () => {
    setCopied(null);
    actions.setView({ isShareOpen: false });
  };
  const copy = async () => {
    if (link === null) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  const name = summary?.name ?? 'scenario';

  return (
    <Dialog
      open={isOpen}
      onClose={close}
      maxWidth="md"
      fullWidth
      aria-labelledby="share-title"
      data-testid="share-dialog"
    >
      <DialogTitle id="share-title">Share “{name}”</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 1.5 }}>
        {link === null ? (
          <Alert severity="info">Load a scenario first: there is nothing to share yet.</Alert>
        ) : (
          <>
            <Typography variant="body1">
              {link.kind === 'builtin'
                ? 'A built-in scenario: the link names it, with the session and selection you are looking at.'
                : `The link holds the scenario itself (compressed), the session, the selection and the selected preemptor/victim pair. The recipient’s browser recomputes the run; nothing is uploaded anywhere. Links are limited to ${fmt(LINK_MAX_LENGTH)} characters; a longer scenario is offered as a file.`}
            </Typography>
            {draft !== loadedText && draft.trim() !== '' && (
              <Alert severity="warning" data-testid="share.unapplied">
                The link shares the running scenario. Your unapplied edits in the editor are not in it: apply
                them first to share them.
              </Alert>
            )}
            {link.fits ? (
              <>
                <TextField
                  value={link.url}
                  label={
                    link.kind === 'builtin'
                      ? `Link (${fmt(link.url.length)} characters)`
                      : `Link (${fmt(link.url.length)} of at most ${fmt(LINK_MAX_LENGTH)} characters)`
                  }
                  multiline
                  maxRows={4}
                  onFocus={(e) => e.target.select()}
                  slotProps={{
                    htmlInput: { readOnly: true, 'data-testid': 'share.link', spellCheck: false },
                  }}
                />
                {link.url.length > LINK_WARN_LENGTH && (
                  <Alert severity="warning" data-testid="share.long">
                    This link is {fmt(link.url.length)} characters long. It works in browsers, Slack, Teams
                    and e-mail, but Discord messages stop at {fmt(LINK_WARN_LENGTH)} characters: send the file
                    there.
                  </Alert>
                )}
              </>
            ) : (
              <Alert severity="warning" data-testid="share.too-long">
                This scenario’s link would be {fmt(link.url.length)} characters long. Links are limited to{' '}
                {fmt(LINK_MAX_LENGTH)} characters, the longest that chat apps and e-mail pass on intact.
                Download the scenario as a file and send that instead: the recipient opens it with “Open file”
                or by dropping it on the page.
              </Alert>
            )}
            {copied === 'yes' && (
              <Alert severity="success" data-testid="share.copied">
                Copied. Anyone with the link sees this scenario in preview; their own work is kept.
              </Alert>
            )}
            {copied === 'failed' && (
              <Alert severity="error">
                The browser did not allow copying: select the link above and copy it.
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<DownloadIcon />}
          disabled={loadedText === ''}
          onClick={() => downloadText(yamlFileName(name), loadedText)}
          data-testid="share.download"
        >
          Download YAML
        </Button>
        <Button onClick={close} data-testid="share.close">
          Close
        </Button>
        <Button
          variant="contained"
          startIcon={<ContentCopyIcon />}
          disabled={link === null || !link.fits}
          onClick={() => void copy()}
          data-testid="share.copy"
        >
          Copy link
        </Button>
      </DialogActions>
    </Dialog>
  );
}
