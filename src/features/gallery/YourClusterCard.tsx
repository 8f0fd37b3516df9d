import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { UploadFileIcon } from '../../ui/icons';
import { YOUR_CLUSTER } from '../../scenarios/yourCluster';
import { useFileChooser } from '../cluster-import/useFileChooser';
import { useOpenFile } from '../cluster-import/useOpenFile';

/**
 * The gallery's "Your cluster" entry (issue 19, part 5): three lines on taking a KAI snapshot, and a button
 * that chooses the file and opens the import. `onChosen` closes the gallery once a file is chosen.
 */
export function YourClusterCard({ onChosen }: { onChosen(): void }) {
  const openAnyFile = useOpenFile();
  const chooser = useFileChooser(
    'Snapshot file',
    (file) => {
      onChosen();
      void openAnyFile(file);
    },
    'gallery.your-cluster.file',
  );
  return (
    <Box
      component="section"
      aria-labelledby="your-cluster-title"
      data-testid="gallery.your-cluster"
      sx={{ mb: 2.5, p: 1.5, border: 2, borderRadius: 2, borderColor: 'primary.main' }}
    >
      <Typography variant="h3" component="h3" id="your-cluster-title">
        {YOUR_CLUSTER.title}
      </Typography>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 1 }}>
        {YOUR_CLUSTER.summary}
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 3, display: 'grid', gap: 0.75 }}>
        {YOUR_CLUSTER.steps.map((step) => (
          <li key={step.say}>
            <Typography variant="body1">{step.say}</Typography>
            {step.command !== null && (
              <Box
                component="code"
                sx={{
                  display: 'block',
                  fontFamily: 'monospace',
                  fontSize: '1rem',
                  bgcolor: 'action.hover',
                  px: 1,
                  py: 0.5,
                  borderRadius: 1,
                  overflowWrap: 'anywhere',
                }}
              >
                {step.command}
              </Box>
            )}
          </li>
        ))}
      </Box>
      {chooser.input}
      <Button
        variant="contained"
        startIcon={<UploadFileIcon />}
        onClick={chooser.choose}
        sx={{ mt: 1.5 }}
        data-testid="gallery.your-cluster.open"
      >
        Choose a snapshot…
      </Button>
    </Box>
  );
}
