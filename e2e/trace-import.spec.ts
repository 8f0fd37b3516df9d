import { readFileSync } from 'node:fs';
import { ClusterImport } from './fixtures/ClusterImport';
import { expect, test } from './fixtures/fixtures';
import { TraceImport } from './fixtures/TraceImport';

// Issue 20, item 2: a public GPU trace opened in the app (dropped, or chosen with Open file) is told by
// its content, imported in the import worker with the options chosen, and reported (queues, rows, skipped
// reasons, spans); "Open in editor" puts the scenario in the editor, where Apply runs it. The samples are the
// trace importer's own synthetic files.

const FIXTURES = 'src/engine/scenario/importers/trace/fixtures';
const sample = (name: string) => new Uint8Array(readFileSync(`${FIXTURES}/${name}`));

const SAMPLES = [
  {
    file: 'helios-cluster_log.csv',
    format: 'SenseTime Helios',
    counts: '24 rows read, 20 jobs kept',
    queue: 'vcalpha',
    skip: /end before start · 1 row · row 18/,
  },
  {
    file: 'philly-cluster_job_log.json',
    format: 'Microsoft Philly',
    counts: '22 rows read, 19 jobs kept',
    queue: 'q-6214e9',
    skip: /never started \(no start time\) · 1 row · row 4/,
  },
  {
    file: 'pai_task_table.csv',
    format: 'Alibaba PAI GPU 2020',
    counts: '25 rows read, 22 jobs kept',
    queue: 'v100',
    skip: /end before start · 1 row · row 10/,
  },
  {
    file: 'openb_pod_list_default.csv',
    format: 'Alibaba GPU 2023/2026',
    counts: '24 rows read, 18 jobs kept',
    queue: 'burstable',
    skip: /no GPUs requested · 4 rows · rows 5, 11, 17, 23/,
  },
  {
    file: 'spot_job_trace.csv',
    format: 'Alibaba GPU 2023/2026',
    counts: '20 rows read, 18 jobs kept',
    queue: 'q-13',
    skip: /no GPUs requested · 1 row · row 6/,
  },
];

test('each synthetic sample, dropped on the window, is detected and imported with a day into an hour', async ({
  app,
  page,
}) => {
  const importer = new ClusterImport(page);
  const trace = new TraceImport(page);
  await app.open('?scenario=welcome');
  for (const s of SAMPLES) {
    await importer.drop(s.file, sample(s.file));
    await expect(trace.dialog).toContainText(s.file);
    await expect(trace.format).toContainText(s.format);
    await expect(trace.dialog).toContainText(`Detected from the file's content`);
    await trace.importWith({ compress: '24' });
    await expect(trace.counts).toContainText(s.counts);
    await expect(trace.spans).toContainText('compressed 24×');
    await expect(trace.queues.filter({ hasText: s.queue })).toHaveCount(1);
    await expect(trace.skips.filter({ hasText: s.skip })).toHaveCount(1);
    await trace.close.click();
    await expect(trace.dialog).toBeHidden();
    expect((await app.state())?.scenario).toBe('welcome');
  }
});

test('Open file: a Philly log opens in the editor after its report, and Apply runs it', async ({
  app,
  editor,
  jobsTable,
  page,
}) => {
  const trace = new TraceImport(page);
  await app.open('?scenario=welcome');
  await app.editButton.click();
  await editor.fileInput.setInputFiles({
    name: 'cluster_job_log',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(sample('philly-cluster_job_log.json')),
  });
  await trace.importWith({ compress: '24' });
  await expect(trace.counts).toContainText('19 jobs kept');
  // Options again: the first 5 jobs only, from the same file still open in the worker.
  await trace.changeOptions.click();
  await trace.firstJobs.fill('5');
  await trace.start.click();
  await expect(trace.counts).toContainText('5 jobs kept');
  await trace.openInEditor.click();
  await expect(trace.dialog).toBeHidden();
  await expect(editor.dialog).toBeVisible();
  await expect.poll(() => editor.value()).toContain('profile: kai');
  expect((await app.state())?.scenario).toBe('welcome'); // nothing runs before Apply
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  expect((await app.state())?.scenario).toBe('custom');
  await expect(jobsTable.rows().first()).toBeVisible();
});

test('a broken trace says what and where, and the previous scenario stays loaded', async ({
  app,
  runControls,
  page,
}) => {
  const importer = new ClusterImport(page);
  const trace = new TraceImport(page);
  await app.open('?scenario=welcome&session=3');
  // A Philly log cut short: detected by its first record, then refused by the JSON reader.
  const cut = sample('philly-cluster_job_log.json').slice(0, 700);
  await importer.drop('cluster_job_log.json', cut);
  await expect(trace.start).toBeVisible();
  await trace.start.click();
  await expect(trace.errors.first()).toContainText('not JSON text');
  await expect(trace.dialog).toContainText('Nothing was imported');
  // An option the engine bounds: its error names the field; the options stay as typed.
  await importer.drop('cluster_log.csv', sample('helios-cluster_log.csv'));
  await trace.gpusPerNode.fill('300');
  await trace.start.click();
  await expect(page.getByTestId('trace-import.option-error')).toHaveText(
    'GPUs per node: a whole number from 1 to 128, got 300',
  );
  await expect(trace.dialog).toContainText('a whole number from 1 to 128, got 300');
  await expect(trace.gpusPerNode).toHaveValue('300');
  // A form error is caught before the worker is asked.
  await trace.compress.fill('fast');
  await trace.start.click();
  await expect(trace.dialog).toContainText('a number above 0 such as 24, not "fast"');
  await trace.close.click();
  await expect(trace.dialog).toBeHidden();
  expect((await app.state())?.scenario).toBe('welcome');
  await runControls.expectSession(3, 7);
});
