// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { layoutClusterMap } from '../layouts/layoutClusterMap';
import { gallerySmallCluster } from '../testing/galleryScenes';
import { LIGHT_VIZ_THEME } from '../theme';
import { ClusterMap } from './ClusterMap';
import { CLUSTER_LEGEND_HEIGHT } from './ClusterMapLegend';

afterEach(cleanup);

const scene = gallerySmallCluster();
const props = {
  ...scene,
  width: 900,
  height: 320,
  theme: LIGHT_VIZ_THEME,
  reducedMotion: true,
  summary: 'GPUs after the session: 15 of 36 GPUs running',
};
// The same layout the component computes (legend on), to find where cells are.
const layout = layoutClusterMap(
  scene.nodes,
  scene.tasks,
  { width: 900, height: 320 - CLUSTER_LEGEND_HEIGHT },
  { jobs: scene.jobs, cursorMs: scene.cursorMs },
);
const cellCentre = (key: string) => {
  const c = layout.byCell.get(key);
  if (c === undefined) throw new Error(key);
  return { clientX: c.x + c.size / 2, clientY: c.y + c.size - 2 };
};

describe('ClusterMap', () => {
  it('renders a canvas with a summary and a legend of the queues on screen', () => {
    render(<ClusterMap {...props} cursorMs={scene.cursorMs} />);
    const img = screen.getByRole('img');
    expect(img.tagName).toBe('CANVAS');
    // The summary is the engine's figures as the caller words them, never a count of the cells drawn.
    expect(img.getAttribute('aria-label')).toBe('GPUs after the session: 15 of 36 GPUs running');
    expect(document.body.textContent).toContain('leaf3');
    expect(document.body.textContent).toContain('min-runtime protection left');
  });

  it('reports the task and job under the pointer, once per change', () => {
    const onHover = vi.fn();
    const { container } = render(<ClusterMap {...props} cursorMs={scene.cursorMs} onHover={onHover} />);
    const surface = container.querySelector('canvas')?.parentElement;
    if (!surface) throw new Error('no surface');
    fireEvent.mouseMove(surface, cellCentre('gpu-node-1#3'));
    fireEvent.mouseMove(surface, cellCentre('gpu-node-1#3'));
    expect(onHover).toHaveBeenCalledTimes(1);
    expect(onHover.mock.calls[0]?.[0]).toMatchObject({
      node: 'gpu-node-1',
      device: 3,
      task: 'big-train-3',
      job: 'big-train',
      queue: 'leaf3',
      state: 'running',
    });
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('reclaim protection: 30s left of 1m (until t=2m30s)');
    fireEvent.mouseLeave(surface);
    expect(onHover).toHaveBeenLastCalledWith(null);
  });

  it('selects the job on click, and clears on a second click', () => {
    const onSelectJob = vi.fn();
    const { container, rerender } = render(<ClusterMap {...props} onSelectJob={onSelectJob} />);
    const surface = container.querySelector('canvas')?.parentElement;
    if (!surface) throw new Error('no surface');
    fireEvent.click(surface, cellCentre('gpu-node-2#0'));
    expect(onSelectJob).toHaveBeenLastCalledWith('eval');
    rerender(<ClusterMap {...props} onSelectJob={onSelectJob} selectedJob="eval" />);
    fireEvent.click(surface, cellCentre('gpu-node-2#0'));
    expect(onSelectJob).toHaveBeenLastCalledWith(null);
    fireEvent.click(surface, cellCentre('gpu-node-4#0'));
    expect(onSelectJob).toHaveBeenLastCalledWith(null);
  });

  it('walks cells with the keyboard and selects with Enter', () => {
    const onHover = vi.fn();
    const onSelectJob = vi.fn();
    render(<ClusterMap {...props} onHover={onHover} onSelectJob={onSelectJob} />);
    const group = screen.getByRole('group', { name: 'Cluster map' });
    fireEvent.keyDown(group, { key: 'ArrowRight' });
    expect(onHover).toHaveBeenLastCalledWith(expect.objectContaining({ node: 'gpu-node-1', device: 0 }));
    fireEvent.keyDown(group, { key: 'ArrowDown' });
    // One grid row down from gpu-node-1 is gpu-node-3 (two node columns at this size).
    expect(onHover).toHaveBeenLastCalledWith(expect.objectContaining({ node: 'gpu-node-3', device: 0 }));
    fireEvent.keyDown(group, { key: 'Enter' });
    expect(onSelectJob).toHaveBeenLastCalledWith('ops-batch');
    expect(group.textContent).toContain('task ops-batch-0');
  });
});
