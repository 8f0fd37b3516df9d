import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { DownloadIcon } from '../../ui/icons';
import { useState } from 'react';
import { downloadBlob } from '../../viz/export/downloadBlob';
import type { ExportFormat } from '../../viz/export/exportQueueTree';

const FORMATS: readonly ExportFormat[] = ['svg', 'png'];

/** "Download SVG / PNG" for a chart; `makeBlob` builds the file, `fileName` names it (without extension). */
export function ExportButtons({
  what,
  fileName,
  makeBlob,
  testId,
}: {
  what: string;
  fileName: string;
  makeBlob: (format: ExportFormat) => Promise<Blob> | null;
  testId: string;
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (format: ExportFormat) => {
    const pending = makeBlob(format);
    if (pending === null) return;
    setBusy(format);
    setError(null);
    pending
      .then((blob) => downloadBlob(blob, `${fileName}.${format}`))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setBusy(null));
  };
  return (
    <Tooltip title={error === null ? `Download the ${what} for slides` : `Export failed: ${error}`}>
      <ButtonGroup size="small" variant="outlined" aria-label={`Download the ${what}`}>
        {FORMATS.map((format) => (
          <Button
            key={format}
            startIcon={format === 'svg' ? <DownloadIcon /> : undefined}
            disabled={busy !== null}
            onClick={() => run(format)}
            data-testid={`${testId}.${format}`}
          >
            {format.toUpperCase()}
          </Button>
        ))}
      </ButtonGroup>
    </Tooltip>
  );
}
