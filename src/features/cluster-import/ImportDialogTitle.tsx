/**
 * The title of an import dialog (a cluster, a GPU trace): what is imported and, once chosen, the file's name
 * and size on a line of their own, wrapped anywhere (a file name may have no break opportunity).
 */
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { fileSize } from './fileSize';

export function ImportDialogTitle({
  id,
  title,
  file,
  testId,
}: {
  id: string;
  title: string;
  file: { name: string; size: number } | null;
  /** `data-testid` of the file line. */
  testId: string;
}) {
  return (
    <DialogTitle id={id}>
      {title}
      {file !== null && (
        <Typography
          component="span"
          variant="body1"
          color="text.secondary"
          sx={{ display: 'block', overflowWrap: 'anywhere' }}
          data-testid={testId}
        >
          {file.name} · {fileSize(file.size)}
        </Typography>
      )}
    </DialogTitle>
  );
}
