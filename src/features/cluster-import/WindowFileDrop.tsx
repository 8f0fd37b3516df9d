import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { MAX_SHARD_FILES } from '../../protocol/clusterImport';
import { useOpenFile } from './useOpenFile';

const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;

/**
 * A file dropped anywhere on the window opens like Open file (issue 19): a cluster file starts the import,
 * a scenario opens in the editor. Without this the browser would leave the app to show the file. While a
 * file is dragged over the window, a frame says what dropping it does. A drop that a dialog already took
 * (the editor's own drop) is left alone.
 */
export function WindowFileDrop() {
  const openAnyFile = useOpenFile();
  const [isDragging, setDragging] = useState(false);

  useEffect(() => {
    // dragenter/dragleave fire for every child crossed; counting them tells when the pointer left the window.
    let depth = 0;
    const onEnter = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth += 1;
      setDragging(true);
    };
    const onLeave = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      depth = Math.max(0, depth - 1);
      if (depth === 0) setDragging(false);
    };
    const onOver = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault(); // allows the drop
    };
    const onDrop = (event: DragEvent) => {
      depth = 0;
      setDragging(false);
      if (event.defaultPrevented || !hasFiles(event)) return;
      event.preventDefault();
      // Several files: KAI snapshots, one per shard, merged (decision 0327).
      void openAnyFile([...(event.dataTransfer?.files ?? [])]);
    };
    window.addEventListener('dragenter', onEnter);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('dragover', onOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragenter', onEnter);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [openAnyFile]);

  if (!isDragging) return null;
  return (
    <Box
      aria-hidden
      data-testid="file-drop.overlay"
      sx={{
        position: 'fixed',
        inset: 8,
        zIndex: (t) => t.zIndex.modal + 10,
        pointerEvents: 'none',
        border: 4,
        borderStyle: 'dashed',
        borderColor: 'primary.main',
        borderRadius: 2,
        bgcolor: 'rgba(25, 118, 210, 0.08)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      <Typography
        variant="h2"
        component="p"
        sx={{ bgcolor: 'background.paper', px: 3, py: 2, borderRadius: 2, boxShadow: 3, textAlign: 'center' }}
      >
        Drop a snapshot.zip, snapshot.json, Kubernetes YAML, GPU trace or scenario to open it, or up to{' '}
        {MAX_SHARD_FILES} KAI snapshots, one per shard, to merge them
      </Typography>
    </Box>
  );
}
