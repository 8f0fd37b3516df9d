// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueueTree } from '../charts/QueueTree';
import {
  GALLERY_TREE_PROFILE,
  galleryPathExample1,
  galleryQueues,
  gallerySmallCluster,
} from '../testing/galleryScenes';
import { DARK_VIZ_THEME, LIGHT_VIZ_THEME } from '../theme';
import { downloadBlob } from './downloadBlob';
import { clusterMapSvgText, exportClusterMap } from './exportClusterMap';
import { exportQueueTree } from './exportQueueTree';
import { serializeSvg } from './serializeSvg';

afterEach(cleanup);

function renderTree(): SVGSVGElement {
  const { container } = render(
    <QueueTree
      queues={galleryQueues()}
      width={800}
      height={500}
      theme={LIGHT_VIZ_THEME}
      path={galleryPathExample1()}
      profile={GALLERY_TREE_PROFILE}
    />,
  );
  const svg = container.querySelector('svg');
  if (svg === null) throw new Error('no svg');
  return svg;
}

describe('export', () => {
  it('serialises the whole tree, not the current zoom, without interactive parts', () => {
    const svg = renderTree();
    const bounds =
      svg.querySelector('[data-viz-content]')?.getAttribute('data-bounds')?.split(' ').map(Number) ?? [];
    const out = serializeSvg(svg, { background: '#fff', padding: 10 });
    const doc = new DOMParser().parseFromString(out.text.replace(/^<\?xml[^>]*>\n/, ''), 'image/svg+xml');
    const root = doc.documentElement;
    expect(root.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
    expect(root.getAttribute('viewBox')).toBe(
      `${(bounds[0] ?? 0) - 10} ${(bounds[1] ?? 0) - 10} ${out.width} ${out.height}`,
    );
    expect(out.width).toBe(Math.ceil((bounds[2] ?? 0) - (bounds[0] ?? 0) + 20));
    expect(root.querySelector('[data-viz-content]')?.hasAttribute('transform')).toBe(false);
    expect(root.querySelector('[data-export="exclude"]')).toBeNull();
    expect(root.querySelector('style')).toBeNull();
    expect(root.querySelector('[tabindex]')).toBeNull();
    expect(root.querySelector('rect')?.getAttribute('fill')).toBe('#fff');
    expect(out.text).toContain('1m from d — protected until t=2m30s');
    // The page font is inlined, so text keeps its face outside the app.
    expect(root.getAttribute('style') ?? root.getAttribute('font-family')).toContain('system-ui');
  });

  it('exports the tree as an SVG blob', async () => {
    const blob = await exportQueueTree(renderTree(), 'svg', LIGHT_VIZ_THEME);
    expect(blob.type).toBe('image/svg+xml');
    expect(await blob.text()).toContain('<svg');
  });

  it('exports the cluster map as SVG from the same paint operations as the canvas', async () => {
    const scene = gallerySmallCluster();
    const input = {
      ...scene,
      width: 900,
      height: 300,
      theme: DARK_VIZ_THEME,
      options: { cursorMs: scene.cursorMs },
    };
    const text = clusterMapSvgText(input);
    expect(text).toMatch(/^<\?xml/);
    expect(text).toContain(`fill="${DARK_VIZ_THEME.background}"`);
    expect(text).toContain('gpu-node-10');
    const blob = await exportClusterMap(input, 'svg');
    expect(blob.type).toBe('image/svg+xml');
    expect(await blob.text()).toBe(text);
  });

  it('downloads a blob through a temporary link', () => {
    const create = vi.fn(() => 'blob:test');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.useFakeTimers();
    downloadBlob(new Blob(['x']), 'tree.svg');
    expect(create).toHaveBeenCalled();
    expect(click).toHaveBeenCalledTimes(1);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('tree.svg');
    expect(document.querySelector('a[download]')).toBeNull();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:test');
    vi.useRealTimers();
    click.mockRestore();
  });
});
