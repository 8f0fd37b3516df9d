import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { UnmappedField } from '../../engine/scenario/importers/importKubernetesYaml';

export interface ImportSummary {
  imported: string[];
  notes: string[];
  unmapped: UnmappedField[];
}

/** What a Kubernetes YAML import read, assumed and could not map (by document and field). */
export function ImportReport({ report, onClose }: { report: ImportSummary; onClose(): void }) {
  return (
    <Alert
      severity={report.unmapped.length > 0 ? 'warning' : 'success'}
      onClose={onClose}
      data-testid="editor.import-report"
    >
      <AlertTitle>
        Converted {report.imported.length} Kubernetes document{report.imported.length === 1 ? '' : 's'} into a
        scenario: review it, then Apply
      </AlertTitle>
      <Typography variant="body2">Read: {report.imported.join(', ')}.</Typography>
      {report.notes.map((note) => (
        <Typography variant="body2" key={note}>
          Note: {note}
        </Typography>
      ))}
      {report.unmapped.length > 0 && (
        <>
          <Typography variant="body2" sx={{ fontWeight: 700, mt: 0.5 }}>
            Not mapped ({report.unmapped.length}; also listed as comments at the top of the text):
          </Typography>
          <ul
            style={{ margin: 0, paddingLeft: '1.2em', maxHeight: '8em', overflow: 'auto' }}
            data-testid="editor.unmapped"
          >
            {report.unmapped.map((u) => (
              <li key={`${u.document} ${u.field}`}>
                <code>{u.document}</code> <code>{u.field}</code>
                {u.reason === undefined ? '' : `: ${u.reason}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </Alert>
  );
}
