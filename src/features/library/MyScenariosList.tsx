import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DeleteOutlinedIcon as DeleteIcon, DownloadIcon } from '../../ui/icons';
import { useState } from 'react';
import { downloadText, yamlFileName } from './downloadText';
import type { SavedOrigin, SavedScenario } from './myScenarios';
import { forgetScenario } from './useMyScenarios';

const ORIGIN: Record<SavedOrigin, string> = {
  written: 'written here',
  link: 'from a link',
  file: 'from a file',
  draft: 'unapplied draft',
  import: 'converted from Kubernetes YAML',
  'what-if': 'a suggested change tried',
};

const when = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "My scenarios": open, download or delete (delete asks once, then the entry is gone). */
export function MyScenariosList({
  entries,
  onOpen,
}: {
  entries: readonly SavedScenario[];
  onOpen(entry: SavedScenario): void;
}) {
  const [error, setError] = useState<string | null>(null);
  return (
    <Box component="section" sx={{ mb: 2.5 }} data-testid="my-scenarios">
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        My scenarios
      </Typography>
      {entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Scenarios you apply in the editor, open from a file or a link (“Keep a copy”), convert from
          Kubernetes YAML or had in the editor when you picked another one are kept here, each in its own
          entry, in this browser, until you delete them.
        </Typography>
      )}
      {error !== null && (
        <Typography color="error" role="alert">
          {error}
        </Typography>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
        {entries.map((entry) => (
          <Box
            component="li"
            key={entry.id}
            data-testid="my-scenarios.entry"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              borderBottom: 1,
              borderColor: 'divider',
              py: 0.5,
            }}
          >
            <Button onClick={() => onOpen(entry)} sx={{ textTransform: 'none', fontWeight: 700 }}>
              {entry.name}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {ORIGIN[entry.origin]} · {when(entry.savedAt)}
            </Typography>
            <Tooltip title="Download YAML">
              <IconButton
                aria-label={`Download ${entry.name}`}
                onClick={() => downloadText(yamlFileName(entry.name), entry.text)}
              >
                <DownloadIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton
                aria-label={`Delete ${entry.name}`}
                onClick={() => {
                  if (
                    window.confirm(
                      `Delete “${entry.name}” from My scenarios? Download it first to keep a file.`,
                    )
                  ) {
                    setError(forgetScenario(entry.id));
                  }
                }}
              >
                <DeleteIcon />
              </IconButton>
            </Tooltip>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
