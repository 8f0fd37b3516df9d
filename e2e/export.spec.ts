/**
 * Issue 10 item 5, the way out: a scenario exports as Kubernetes YAML (KAI or Volcano Queues, the scheduler
 * ConfigMap, Nodes, PodGroups and Pods), and that file pasted back converts to a scenario that runs the same.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { EditorDialog } from './fixtures/EditorDialog';
import { expect, test } from './fixtures/fixtures';

async function exportFile(page: Page, editor: EditorDialog): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), editor.exportKubernetes.click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** Documents of a kind and their names, read from the exported text. */
function documentsOf(text: string, kind: string): string[] {
  return text
    .split(/^---$/m)
    .filter((doc) => new RegExp(`^kind: ${kind}$`, 'm').test(doc))
    .map((doc) => /^ {2}name: (.+)$/m.exec(doc)?.[1] ?? '');
}

test('a KAI scenario exports as Kubernetes YAML, and pasted back converts and runs the same', async ({
  app,
  editor,
  jobsTable,
  runControls,
  page,
}) => {
  await app.open('?scenario=welcome');
  await runControls.end.click();
  const sessionBefore = await runControls.session.textContent();
  const jobsBefore = await jobsTable.table.innerText();

  await app.editButton.click();
  const file = await exportFile(page, editor);
  expect(file.name).toBe('welcome-a-reclaim-waits-for-min-runtime-kubernetes.yaml');
  expect(documentsOf(file.text, 'Queue')).toEqual(['org', 'research', 'product']);
  expect(file.text).toContain('apiVersion: scheduling.run.ai/v2\nkind: Queue');
  expect(documentsOf(file.text, 'Node')).toEqual(['node-0', 'node-1']);
  expect(documentsOf(file.text, 'PodGroup')).toContain('train-b');
  expect(documentsOf(file.text, 'ConfigMap')).toEqual(['preemption-lab-scenario', 'scheduler-config']);

  await editor.replaceText(file.text);
  await expect(editor.apply).toHaveText('Convert to scenario');
  // The text is already Kubernetes YAML: exporting it again makes no sense until it is converted.
  await expect(editor.exportKubernetes).toBeDisabled();
  await editor.apply.click();
  await expect(editor.importReport).toContainText('Queue/research');
  await expect(page.getByTestId('editor.unmapped')).toHaveCount(0);
  await expect.poll(() => editor.value()).toContain('reclaimMinRuntime: 1m0s');
  await expect(editor.apply).toHaveText('Apply');
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  await expect(app.scenarioButton).toContainText('Welcome');
  await runControls.end.click();
  await expect(runControls.session).toHaveText(sessionBefore ?? '');
  await expect.poll(() => jobsTable.table.innerText()).toBe(jobsBefore);
});

test('a Volcano scenario exports Volcano Queues and PodGroups; a scenario with problems is not exported', async ({
  app,
  editor,
  page,
}) => {
  await app.open('?scenario=sla-1');
  await app.editButton.click();
  const file = await exportFile(page, editor);
  expect(file.text).toContain('apiVersion: scheduling.volcano.sh/v1beta1\nkind: Queue');
  expect(file.text).toContain('volcano-scheduler.conf: |');
  expect(documentsOf(file.text, 'Queue').length).toBeGreaterThan(0);

  await editor.replaceText('version: 1\nnodes: []\nqueues: [{name: q, parent: nowhere}]\n');
  await editor.exportKubernetes.click();
  await expect(page.getByTestId('editor.export-error')).toContainText('queues[0].parent');
});
