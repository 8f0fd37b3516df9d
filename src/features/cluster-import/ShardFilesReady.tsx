import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { MAX_SHARD_FILES } from '../../protocol/clusterImport';
import { fileSize } from './fileSize';

/**
 * Several files chosen or dropped at once (decision 0327): read as KAI snapshots of one cluster, one per
 * scheduling shard, merged into one scenario with a node pool per shard (§17.8), as `sim import a.zip b.zip`
 * does. Says what will happen and why names are not redacted; file names are rendered as text.
 */
export function ShardFilesReady({ files }: { files: readonly { name: string; size: number }[] }) {
  return (
    <>
      <Typography variant="body1">
        These {files.length} files are read as KAI snapshots of one cluster, one per scheduling shard (up to{' '}
        {MAX_SHARD_FILES}), and merged into one scenario with a node pool per shard. They are read here, in
        this browser: nothing is sent anywhere. If they cannot be merged, nothing is imported and the scenario
        you have stays loaded.
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="cluster-import.shard-files">
        {files.map((f, i) => (
          <li key={i}>
            <Typography variant="body1">
              {f.name} · {fileSize(f.size)}
            </Typography>
          </li>
        ))}
      </Box>
      <Typography variant="body1" color="text.secondary">
        Names are not redacted when snapshots are merged: pseudonyms are numbered per file, so two files would
        give two objects the same one. Import one snapshot at a time to redact it.
      </Typography>
    </>
  );
}
