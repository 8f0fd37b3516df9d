/**
 * Gallery snapshots (Observable Plot style): each scene is rendered to static SVG and compared with a
 * golden file in `__gallery__/`. Open the files to look at the charts; update them with `vitest -u`.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { clusterMapSvgText } from '../export/exportClusterMap';
import {
  GALLERY_TREE_PROFILE,
  galleryPathExample1,
  galleryPathExample3,
  galleryQueues,
  gallerySmallCluster,
} from '../testing/galleryScenes';
import { syntheticCluster } from '../testing/vizFixtures';
import { DARK_VIZ_THEME, LIGHT_VIZ_THEME, type VizTheme } from '../theme';
import { QueueTree, type QueueTreePath } from './QueueTree';

/** The `<svg>` of a rendered QueueTree, standalone, with numbers rounded (Plot's snapshot normalisation). */
function treeSvg(
  path: QueueTreePath | null,
  theme: VizTheme,
  collapsed?: Set<string>,
  stage?: { width: number; height: number; minTextPx: number },
): string {
  const html = renderToStaticMarkup(
    <QueueTree
      queues={galleryQueues()}
      width={stage?.width ?? 1200}
      height={stage?.height ?? 640}
      theme={theme}
      path={path}
      reducedMotion
      {...(collapsed === undefined ? {} : { collapsed })}
      {...(stage === undefined
        ? {}
        : {
            orientation: 'auto' as const,
            density: 'compact' as const,
            minTextPx: stage.minTextPx,
            // The stage opens with its legend folded away.
            showLegend: false,
          })}
      profile={GALLERY_TREE_PROFILE}
    />,
  );
  const svg = /<svg[\s\S]*<\/svg>/.exec(html)?.[0] ?? '';
  return `${svg.replace('<svg ', '<svg xmlns="http://www.w3.org/2000/svg" ').replace(/\d+\.\d{4,}/g, (n) => String(Number(Number(n).toFixed(3))))}\n`;
}

describe('gallery', () => {
  it('queue tree with the LCA path of design doc example 1', async () => {
    await expect(treeSvg(galleryPathExample1(), LIGHT_VIZ_THEME)).toMatchFileSnapshot(
      '__gallery__/queue-tree-lca-example1.svg',
    );
  });

  it('queue tree with the LCA walk of design doc example 3 (dark)', async () => {
    await expect(treeSvg(galleryPathExample3(), DARK_VIZ_THEME)).toMatchFileSnapshot(
      '__gallery__/queue-tree-lca-example3-dark.svg',
    );
  });

  it('queue tree with a collapsed subtree hiding the victim', async () => {
    await expect(treeSvg(galleryPathExample3(), LIGHT_VIZ_THEME, new Set(['c']))).toMatchFileSnapshot(
      '__gallery__/queue-tree-collapsed.svg',
    );
  });

  it('stage tree: compact cards top down in a tall panel, the headline in its band', async () => {
    const stage = { width: 560, height: 440, minTextPx: 14.3 };
    await expect(treeSvg(galleryPathExample1(), LIGHT_VIZ_THEME, new Set(), stage)).toMatchFileSnapshot(
      '__gallery__/queue-tree-stage-top-down.svg',
    );
  });

  it('stage tree: compact cards left to right in a wide panel (dark)', async () => {
    const stage = { width: 800, height: 380, minTextPx: 14.3 };
    await expect(treeSvg(galleryPathExample3(), DARK_VIZ_THEME, new Set(), stage)).toMatchFileSnapshot(
      '__gallery__/queue-tree-stage-left-right.svg',
    );
  });

  it('small cluster map', async () => {
    const c = gallerySmallCluster();
    const svg = clusterMapSvgText({
      ...c,
      width: 900,
      height: 300,
      theme: LIGHT_VIZ_THEME,
      options: { cursorMs: c.cursorMs },
      emphasis: { highlightedNode: 'gpu-node-2' },
    });
    await expect(svg).toMatchFileSnapshot('__gallery__/cluster-map-small.svg');
  });

  it('500 x 8 cluster map (dark)', async () => {
    const c = syntheticCluster(500, 8);
    const svg = clusterMapSvgText({
      ...c,
      width: 1280,
      height: 720,
      theme: DARK_VIZ_THEME,
      options: { cursorMs: 0 },
    });
    // Too large for a useful golden file: check its shape only.
    expect(svg.match(/<rect /g)?.length).toBeGreaterThan(4500);
  });
});
