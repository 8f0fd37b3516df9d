import { expect, test } from './fixtures/fixtures';

test('dry-run a job that starts, one that never starts and an invalid one; the text is never lost', async ({
  app,
  dryRun,
}) => {
  await app.open('?scenario=welcome');
  await dryRun.openButton.click();
  await expect(dryRun.dialog).toBeVisible();
  await expect(dryRun.dialog).toContainText(
    'Dry run a job against “Welcome · A reclaim waits for min-runtime”',
  );

  await dryRun.setText('name: probe\nqueue: product\nresources: {gpu: 1}');
  await dryRun.run.click();
  await expect(dryRun.starts).toContainText('probe starts at session 3 (t=20s)');
  await expect(dryRun.starts).toContainText('It would evict one pod');
  await expect(dryRun.starts.getByRole('row', { name: /sweep-1-0 sweep-1 research reclaim/ })).toBeVisible();

  await dryRun.setText('name: huge\nqueue: research\nresources: {gpu: 64}');
  await dryRun.text.press('ControlOrMeta+Enter');
  await expect(dryRun.never).toContainText(
    'huge does not start within the horizon (7 sessions, up to t=1m0s)',
  );
  await expect(dryRun.never).toContainText('Why: no-capacity');

  await dryRun.setText('name: bad\nqueue: nowhere');
  await dryRun.run.click();
  await expect(dryRun.errors).toContainText('The job cannot be read');
  await expect(dryRun.errors).toContainText('job.queue: queue "nowhere" does not exist');
  expect(await dryRun.currentText()).toBe('name: bad\nqueue: nowhere');
  // Nothing else changed: the scenario is still loaded as it was.
  expect(await app.state()).toMatchObject({ scenario: 'welcome', loadState: 'loaded' });

  // The keyboard focus stayed in the dialog through the run (a disabled Run button used to drop it, and
  // Escape then did nothing). Closing keeps the text; R opens the dialog again.
  expect(await app.page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null)).toBe(
    true,
  );
  await app.page.keyboard.press('Escape');
  await expect(dryRun.dialog).toBeHidden();
  await app.page.keyboard.press('r');
  await expect(dryRun.dialog).toBeVisible();
  expect(await dryRun.currentText()).toBe('name: bad\nqueue: nowhere');
});

test('a Kubernetes PodGroup with its Pods dry-runs like a scenario job', async ({ app, dryRun }) => {
  await app.open('?scenario=welcome');
  await app.page.keyboard.press('r');
  await dryRun.dialog.getByRole('button', { name: 'Example: PodGroup + Pods' }).click();
  await expect(dryRun.text).toContainText('kind: PodGroup');
  await dryRun.run.click();
  await expect(dryRun.starts).toContainText('my-new-job starts at session 3 (t=20s)');

  // Open file… reads a job file into the editor; a file with bytes that are not text is refused, text kept.
  await dryRun.dialog.getByTestId('dryrun.file').setInputFiles({
    name: 'job.yaml',
    mimeType: 'text/yaml',
    buffer: Buffer.from('name: from-file\nqueue: product\nresources: {gpu: 2}\n'),
  });
  await expect(dryRun.text).toContainText('name: from-file');
  await dryRun.run.click();
  await expect(dryRun.starts).toContainText('from-file starts at session');
  await dryRun.dialog.getByTestId('dryrun.file').setInputFiles({
    name: 'image.png',
    mimeType: 'image/png',
    buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe, 0x00]),
  });
  await expect(dryRun.dialog.getByTestId('dryrun.file-error')).toContainText('image.png');
  await expect(dryRun.text).toContainText('name: from-file');
});

test('submitted at the session shown instead of the start, the same job never starts', async ({
  app,
  dryRun,
}) => {
  await app.open('?scenario=welcome&session=4');
  await dryRun.openButton.click();
  await dryRun.setText('name: probe\nqueue: product\nresources: {gpu: 1}');
  await dryRun.run.click();
  await expect(dryRun.dialog.getByTestId('dryrun.submitted')).toHaveText('Submitted at the start (t=0s).');
  await expect(dryRun.starts).toContainText('probe starts at session 3 (t=20s)');

  await dryRun.dialog.getByLabel(/Submit at session 4 \(t=30s\), the one shown/).check();
  await dryRun.run.click();
  await expect(dryRun.dialog.getByTestId('dryrun.submitted')).toHaveText('Submitted at session 4 (t=30s).');
  await expect(dryRun.never).toContainText('probe does not start within the horizon');
  await expect(dryRun.never).toContainText('Queue product would go above its fair share');
});

test('a Kueue lesson offers its own Kubernetes example, a Job with its queue label, and it runs', async ({
  app,
  dryRun,
}) => {
  await app.open('?scenario=kueue-1', 30_000);
  await dryRun.openButton.click();
  // Kueue has no PodGroup: the example is a batch Job submitted by kueue.x-k8s.io/queue-name.
  await expect(dryRun.dialog.getByRole('button', { name: 'Example: PodGroup + Pods' })).toHaveCount(0);
  await dryRun.dialog.getByRole('button', { name: 'Example: Job with queue label' }).click();
  await expect(dryRun.text).toContainText('kind: Job');
  await expect(dryRun.text).toContainText('kueue.x-k8s.io/queue-name: prod');
  await dryRun.run.click();
  // prod's own nominal quota is idle at t=0: Kueue admits the Workload at once.
  await expect(dryRun.starts).toContainText('my-new-job starts at session 1 (t=0s)');
});
