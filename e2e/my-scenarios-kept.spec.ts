/**
 * Issue 18, "work lost in the app": a scenario opened from a file or converted from Kubernetes YAML is a new
 * entry in My scenarios; the scenario that was open before stays there with its own text (decision 0130).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { AppPage } from './fixtures/AppPage';
import { EditorDialog } from './fixtures/EditorDialog';
import { expect, test } from './fixtures/fixtures';
import { MyScenarios } from './fixtures/MyScenarios';

const MINE = `version: 1
name: Carol's reclaim study
nodes: [{name: gpu-node, resources: {gpu: 4}}]
queues:
  - {name: research, resources: {gpu: {quota: 2}}}
  - {name: prod, resources: {gpu: {quota: 2}}}
jobs:
  - {name: train-a, queue: research, resources: {gpu: 1}, tasks: 4, submitAt: 0s}
  - {name: serve-b, queue: prod, priorityClassName: inference, resources: {gpu: 1}, tasks: 2, submitAt: 5s}
run: {until: 30s}
`;

const FROM_DISK = `version: 1
name: Dave's file from disk
nodes: [{name: n0, resources: {gpu: 2}}]
queues: [{name: team}]
jobs:
  - {name: dave-job, queue: team, resources: {gpu: 1}, tasks: 2}
run: {until: 10s}
`;

const KUBERNETES =
  readFileSync(join(process.cwd(), 'src/engine/scenario/importers/fixtures/kai-queues-list.yaml'), 'utf8') +
  `
---
apiVersion: v1
kind: Node
metadata: {name: gpu-node-0}
status: {allocatable: {nvidia.com/gpu: "8", cpu: "64", memory: 512Gi}}
---
apiVersion: v1
kind: Pod
metadata:
  name: train-0
  labels: {kai.scheduler/queue: team-a}
spec:
  containers: [{name: w, image: t, resources: {requests: {nvidia.com/gpu: "2"}}}]
`;

/** Writes `text` in the editor and applies it, as a person does; it is then in My scenarios. */
async function writeAndApply(app: AppPage, editor: EditorDialog, text: string): Promise<void> {
  await app.editButton.click();
  await editor.replaceText(text);
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
}

/** Opens My scenarios' entry `name` and returns the text it brought into the editor. */
async function openSaved(
  app: AppPage,
  editor: EditorDialog,
  myScenarios: MyScenarios,
  name: string,
): Promise<string> {
  await myScenarios.entry(name).click();
  await app.waitForSession();
  await expect(app.scenarioButton).toContainText(name);
  await app.editButton.click();
  const text = await editor.value();
  await editor.close.click();
  return text;
}

test('opening a file adds it to My scenarios; the scenario applied before keeps its own text', async ({
  app,
  editor,
  myScenarios,
}) => {
  await app.open();
  await writeAndApply(app, editor, MINE);

  await app.editButton.click();
  await editor.openFile('daves-file.yaml', FROM_DISK);
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  await expect(app.scenarioButton).toContainText("Dave's file from disk");

  await app.scenarioButton.click();
  expect(await myScenarios.names()).toEqual(["Dave's file from disk", "Carol's reclaim study"]);
  await expect(myScenarios.entries.filter({ hasText: "Dave's file" })).toContainText('from a file');
  expect(await openSaved(app, editor, myScenarios, "Carol's reclaim study")).toBe(MINE);
  await app.scenarioButton.click();
  expect(await openSaved(app, editor, myScenarios, "Dave's file from disk")).toBe(FROM_DISK);

  // A JSON scenario is listed under its own name too (it was "Untitled scenario"), not a job's or node's.
  const json = JSON.stringify({ ...(parse(FROM_DISK) as object), name: 'Erin, written in JSON' }, null, 2);
  await writeAndApply(app, editor, json);
  // The header marks it as the user's own, without calling JSON "YAML" (it said "(your YAML)").
  await expect(app.scenarioButton).toHaveText('Erin, written in JSON (yours)');
  await app.scenarioButton.click();
  expect(await myScenarios.names()).toContain('Erin, written in JSON');
  expect(await myScenarios.names()).not.toContain('Untitled scenario');
});

test('converting pasted Kubernetes YAML adds the import; the scenario applied before keeps its own text', async ({
  app,
  editor,
  myScenarios,
}) => {
  await app.open();
  await writeAndApply(app, editor, MINE);

  await app.editButton.click();
  await editor.replaceText(KUBERNETES);
  await expect(editor.apply).toHaveText('Convert to scenario');
  await editor.apply.click();
  await expect(editor.importReport).toContainText('Queue/team-a');
  await expect(editor.apply).toHaveText('Apply');
  const converted = await editor.value();
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();

  await app.scenarioButton.click();
  const names = await myScenarios.names();
  expect(names).toContain("Carol's reclaim study");
  expect(names).toContain('Imported from Kubernetes YAML');
  expect(await openSaved(app, editor, myScenarios, "Carol's reclaim study")).toBe(MINE);
  await app.scenarioButton.click();
  expect(await openSaved(app, editor, myScenarios, 'Imported from Kubernetes YAML')).toBe(converted);
});

test('a file opened but not applied is kept apart when a gallery scenario is picked', async ({
  app,
  editor,
  myScenarios,
  page,
}) => {
  await app.open();
  await writeAndApply(app, editor, MINE);
  await app.editButton.click();
  await editor.openFile('daves-file.yaml', FROM_DISK);
  await editor.close.click();
  await app.scenarioButton.click();
  await page.getByTestId('gallery.lca-1').click();
  await app.waitForSession();

  await app.scenarioButton.click();
  expect(await myScenarios.names()).toEqual(["Dave's file from disk", "Carol's reclaim study"]);
  expect(await openSaved(app, editor, myScenarios, "Carol's reclaim study")).toBe(MINE);
  await app.scenarioButton.click();
  expect(await openSaved(app, editor, myScenarios, "Dave's file from disk")).toBe(FROM_DISK);
});

test('a template started over a saved scenario and applied is a new entry', async ({
  app,
  editor,
  myScenarios,
  page,
}) => {
  await app.open();
  await writeAndApply(app, editor, MINE);
  await app.editButton.click();
  await page.getByTestId('editor.new').click();
  await page.getByTestId('editor.new.kai').click();
  await expect.poll(() => editor.value()).toContain('# A new KAI-Scheduler scenario.');
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();

  await app.scenarioButton.click();
  await expect.poll(() => myScenarios.names()).toHaveLength(2);
  expect(await openSaved(app, editor, myScenarios, "Carol's reclaim study")).toBe(MINE);
});

test('a conversion report is not shown over another scenario opened before Apply', async ({
  app,
  editor,
  page,
}) => {
  await app.open();
  await app.editButton.click();
  await editor.replaceText(KUBERNETES);
  await editor.apply.click();
  await expect(editor.importReport).toContainText('Queue/team-a');
  await editor.close.click();
  await app.scenarioButton.click();
  await page.getByTestId('gallery.lca-1').click();
  await app.waitForSession();
  await app.editButton.click();
  await expect.poll(() => editor.value()).toContain('LCA 1');
  await expect(editor.importReport).toBeHidden();
});

test('two tabs applying edits of the same saved scenario keep both', async ({
  app,
  editor,
  myScenarios,
  context,
}) => {
  await app.open();
  await writeAndApply(app, editor, MINE);
  // A second tab of the same browser (same storage) opens the saved scenario from My scenarios.
  const other = await context.newPage();
  await other.addInitScript(() => {
    window.__PRELAB_E2E__ = true;
  });
  const otherApp = new AppPage(other);
  const otherEditor = new EditorDialog(other);
  await otherApp.open();
  await otherApp.scenarioButton.click();
  await new MyScenarios(other).entry("Carol's reclaim study").click();
  await otherApp.waitForSession();
  const fromOtherTab = MINE.replace('until: 30s', 'until: 40s');
  await writeAndApply(otherApp, otherEditor, fromOtherTab);

  // This tab still edits the text it opened; its Apply must not overwrite the other tab's.
  const fromThisTab = MINE.replace('until: 30s', 'until: 50s');
  await writeAndApply(app, editor, fromThisTab);

  await app.scenarioButton.click();
  expect(await myScenarios.names()).toEqual(["Carol's reclaim study", "Carol's reclaim study"]);
  const texts: string[] = [];
  for (const i of [0, 1]) {
    await myScenarios.entries
      .nth(i)
      .getByRole('button', { name: "Carol's reclaim study", exact: true })
      .click();
    await app.waitForSession();
    texts.push(await editor.value());
    if (i === 0) await app.scenarioButton.click();
  }
  expect(texts.sort()).toEqual([fromOtherTab, fromThisTab].sort());
  await other.close();
});
