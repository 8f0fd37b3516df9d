import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DownloadIcon } from '../../ui/icons';
import { nounFor } from '../../common/plural';
import type { UnmappedGroup } from '../../protocol/clusterImport';
import type { ClusterImportReport as Report } from '../../store/clusterImport/createClusterImportStore';
import { Disclosure, disclosureStyles } from '../../ui/Disclosure';

const SOURCE_LABEL: Record<Report['source'], string> = {
  'kai-snapshot': 'KAI snapshot',
  'kubernetes-yaml': 'Kubernetes YAML bundle',
};

const count = (n: number) => n.toLocaleString('en-US');
/** `140,000 tasks`: big clusters read better with thousands separated. */
const counted = (n: number, noun: string) => `${count(n)} ${nounFor(n, noun)}`;

function UnmappedEntry({ group }: { group: UnmappedGroup }) {
  return (
    <Disclosure
      testId="cluster-import.unmapped-group"
      summary={
        <Box component="span" sx={{ minWidth: 0 }}>
          <Box component="span" sx={{ fontWeight: 700 }}>
            {group.what}
          </Box>{' '}
          · {counted(group.count, 'object')}
          <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {group.reason}
          </Box>
        </Box>
      }
    >
      {() => (
        <>
          <Typography variant="body2" color="text.secondary">
            {group.paths.length < group.count
              ? `The first ${count(group.paths.length)} of ${count(group.count)}:`
              : 'Where:'}
          </Typography>
          <Box
            component="ul"
            sx={{ m: 0, pl: 2.5, maxHeight: '12em', overflow: 'auto', fontFamily: 'monospace' }}
          >
            {group.paths.map((path, i) => (
              <li key={i}>{path}</li>
            ))}
          </Box>
        </>
      )}
    </Disclosure>
  );
}

/**
 * What an import read and could not map (issue 19, part 1): counts, which snapshot field gave "now", every
 * unmapped group (what, why, how many, the first object paths), the notes, and for a redacted import the
 * name table's download. Names are rendered as text, never as markup.
 */
export function ClusterImportReport({
  report,
  onDownloadNames,
}: {
  report: Report;
  onDownloadNames(): void;
}) {
  const { imported, unmapped } = report;
  const unmappedObjects = unmapped.reduce((n, g) => n + g.count, 0);
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 1.5, overflowWrap: 'anywhere' }}
      data-testid="cluster-import.report"
    >
      <Typography variant="body1" sx={{ fontWeight: 700 }} data-testid="cluster-import.counts">
        Imported{' '}
        {report.shards === undefined
          ? `a ${SOURCE_LABEL[report.source]}`
          : `${report.shards.length} KAI snapshots, merged`}
        : {counted(imported.nodes, 'node')}, {counted(imported.queues, 'queue')},{' '}
        {counted(imported.jobs, 'job')}, {counted(imported.tasks, 'task')}.
      </Typography>
      {report.shards !== undefined && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="cluster-import.pools">
          {report.shards.map((s, i) => (
            <li key={i} data-testid="cluster-import.pool">
              <Typography variant="body1">
                Node pool <b>{s.pool}</b> from {s.file}: {counted(s.imported.nodes, 'node')},{' '}
                {counted(s.imported.queues, 'queue')}, {counted(s.imported.jobs, 'job')}.
              </Typography>
            </li>
          ))}
        </Box>
      )}
      <Typography variant="body1" data-testid="cluster-import.now">
        {report.now === null ? (
          'The snapshot holds no time: its "now" (t = 0) is the start of the simulation.'
        ) : (
          <>
            “Now” (t = 0 of the simulation) is <b>{report.now.iso}</b>, taken from{' '}
            <code>{report.now.field}</code>.
          </>
        )}
      </Typography>
      {report.redaction !== null && (
        <Box
          sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}
          data-testid="cluster-import.redacted"
        >
          <Typography variant="body1" sx={{ flex: '1 1 320px' }}>
            Names are redacted: {counted(report.redaction.length, 'name')} replaced by pseudonyms. The table
            that translates them back is only in this tab: it is never put in a link or in My scenarios.
          </Typography>
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={onDownloadNames}
            data-testid="cluster-import.download-names"
          >
            Download name table
          </Button>
        </Box>
      )}
      {report.notes.length > 0 && (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="cluster-import.notes">
          {report.notes.map((note, i) => (
            <li key={i}>
              <Typography variant="body1">{note}</Typography>
            </li>
          ))}
        </Box>
      )}
      {unmapped.length === 0 ? (
        <Typography variant="body1" data-testid="cluster-import.all-mapped">
          Everything that affects scheduling was mapped.
        </Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 0.75 }} data-testid="cluster-import.unmapped">
          <Typography variant="body1" sx={{ fontWeight: 700 }}>
            Not modelled by the simulator ({counted(unmapped.length, 'kind')},{' '}
            {counted(unmappedObjects, 'object')}
            ): the scenario runs without them. Open one to see where.
          </Typography>
          <Box sx={{ display: 'grid', gap: 0.5, ...disclosureStyles }}>
            {unmapped.map((group, i) => (
              <UnmappedEntry key={i} group={group} />
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
