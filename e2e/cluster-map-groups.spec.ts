/**
 * The cluster map frames nodes by node pool and topology level (issue 21): the topology lesson, opened from
 * the gallery, shows one frame per rack with its nodes inside; a node-pool scenario written in the editor
 * shows pool frames with rack frames inside them. Screenshots for review: MAP_GROUPS_SHOTS=<dir>.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/viewsFixtures';

const shots = process.env.MAP_GROUPS_SHOTS;

/** Two pools, each with two racks; the job is in pool a100 and wants one rack. */
const POOLS = `version: 1
name: pools and racks
profile: kai
topologies:
  - name: cluster
    levels:
      - { nodeLabel: topology.kubernetes.io/rack, alias: rack }
nodePools:
  - { name: a100, partitionLabelValue: a100 }
  - { name: h100, partitionLabelValue: h100 }
nodes:
  - { name: a-1, resources: { gpu: 4 }, labels: { kai.scheduler/node-pool: a100, topology.kubernetes.io/rack: r1 } }
  - { name: a-2, resources: { gpu: 4 }, labels: { kai.scheduler/node-pool: a100, topology.kubernetes.io/rack: r2 } }
  - { name: h-1, resources: { gpu: 8 }, labels: { kai.scheduler/node-pool: h100, topology.kubernetes.io/rack: r1 } }
  - { name: h-2, resources: { gpu: 8 }, labels: { kai.scheduler/node-pool: h100, topology.kubernetes.io/rack: r3 } }
queues:
  - { name: research, nodePool: a100, resources: { gpu: { quota: -1, limit: -1, overQuotaWeight: 1 } } }
jobs:
  - name: train
    queue: research
    nodePool: a100
    resources: { gpu: 1 }
    tasks: 2
    topologyConstraint: { topology: cluster, requiredTopologyLevel: rack }
run: { sessions: 2 }
`;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const b = await locator.boundingBox();
  if (b === null) throw new Error('element has no box');
  return b;
}

const contains = (outer: Box, inner: Box): boolean =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

/** The frame labelled `label` and the label text of node `node`, both on screen. */
function frame(page: Page, label: string): Locator {
  return page.locator(`[data-testid="cluster-map.group"][data-label="${label}"]`);
}
function nodeLabel(page: Page, node: string): Locator {
  return page.getByTestId('cluster-map.node-label').filter({ hasText: new RegExp(`^${node}$`) });
}

async function shoot(page: Page, name: string): Promise<void> {
  if (shots === undefined) return;
  for (const [w, h] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await expect(page.getByTestId('cluster-map.group').first()).toBeVisible();
    await page.screenshot({ path: `${shots}/${name}-${w}x${h}.png` });
  }
}

test('the topology lesson frames its nodes by rack', async ({
  app,
  clusterMap,
  inspector,
  jobsTable,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open();
  await app.scenarioButton.click();
  await page.getByTestId('gallery.topology-1').click();
  await expect(app.lessonTitle).toContainText('Topology');
  await app.waitForSession();
  await clusterMap.tab.click();

  await expect(page.getByTestId('cluster-map.group-label')).toHaveText(['rack rack-a', 'rack rack-b']);
  // The lesson's nodes: node-a1 and node-a2 in rack-a, node-b1 and node-b2 in rack-b.
  for (const [node, rack, other] of [
    ['node-a1', 'rack rack-a', 'rack rack-b'],
    ['node-b2', 'rack rack-b', 'rack rack-a'],
  ] as const) {
    const n = await box(nodeLabel(page, node));
    expect(contains(await box(frame(page, rack)), n)).toBe(true);
    expect(contains(await box(frame(page, other)), n)).toBe(false);
  }
  // The cells are still the engine's picture: 16 GPUs, none lost to the framing.
  expect(await clusterMap.summary()).toMatch(/^4 nodes, 16 GPUs/);

  // The inspector says the job's constraint in words.
  await app.jobsTab.click();
  // The lesson opens with its step's job, strict, selected (decision 0268): a click on its row would clear it.
  // The person looks at another job, then back at strict.
  await expect(jobsTable.row('strict')).toHaveAttribute('aria-selected', 'true');
  await jobsTable.row('flexible').click();
  await expect(inspector.job).toHaveAttribute('data-job', 'flexible');
  await jobsTable.row('strict').click();
  await expect(inspector.job.getByTestId('inspector.topology')).toHaveText(
    'Topology cluster: every task in one rack (required).',
  );
  await clusterMap.tab.click();
  await shoot(page, 'topology-lesson');
});

test('a node-pool scenario frames pools, with racks inside them', async ({
  app,
  editor,
  clusterMap,
  inspector,
  jobsTable,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open('?scenario=welcome');
  await app.editButton.click();
  await editor.openFile('pools.yaml', POOLS);
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  await expect(app.lessonTitle).toHaveText('pools and racks');
  await clusterMap.tab.click();

  await expect(page.getByTestId('cluster-map.group-label')).toHaveText([
    'pool a100',
    'rack r1',
    'rack r2',
    'pool h100',
    'rack r1',
    'rack r3',
  ]);
  const a100 = await box(frame(page, 'pool a100'));
  const h100 = await box(frame(page, 'pool h100'));
  for (const node of ['a-1', 'a-2']) {
    const n = await box(nodeLabel(page, node));
    expect(contains(a100, n)).toBe(true);
    expect(contains(h100, n)).toBe(false);
  }
  const h2 = await box(nodeLabel(page, 'h-2'));
  expect(contains(h100, h2)).toBe(true);
  expect(contains(await box(frame(page, 'rack r3')), h2)).toBe(true);

  await app.jobsTab.click();
  await jobsTable.row('train').click();
  await expect(inspector.job.getByTestId('inspector.node-pool')).toHaveText(
    'Node pool a100: only its nodes can run this job.',
  );
  await clusterMap.tab.click();
  await shoot(page, 'node-pools');
});
