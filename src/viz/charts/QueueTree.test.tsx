// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  GALLERY_TREE_PROFILE,
  galleryPathExample1,
  galleryPathExample3,
  galleryQueues,
} from '../testing/galleryScenes';
import { LIGHT_VIZ_THEME } from '../theme';
import { QueueTree } from './QueueTree';

afterEach(cleanup);

const base = {
  queues: galleryQueues(),
  width: 1000,
  height: 600,
  theme: LIGHT_VIZ_THEME,
  reducedMotion: true,
  profile: GALLERY_TREE_PROFILE,
};

describe('QueueTree', () => {
  it('renders one tree item per queue with an accessible description', () => {
    render(<QueueTree {...base} />);
    const items = screen.getAllByRole('treeitem');
    expect(items).toHaveLength(8);
    const d = items.find((el) => el.getAttribute('data-queue') === 'd');
    expect(d?.getAttribute('aria-label')).toContain('queue d; GPU allocated 9 of fair share 6, quota 6');
    expect(d?.getAttribute('aria-label')).toContain('reclaimMinRuntime 1m, set on this queue');
    expect(d?.getAttribute('aria-expanded')).toBe('true');
  });

  it('asks the caller to collapse a subtree and shows what is hidden', () => {
    const onToggle = vi.fn();
    const { container, rerender } = render(<QueueTree {...base} onToggleCollapse={onToggle} />);
    const toggle = container.querySelector('[data-toggle="c"]');
    if (toggle === null) throw new Error('no toggle');
    fireEvent.click(toggle);
    expect(onToggle).toHaveBeenCalledWith('c');
    rerender(<QueueTree {...base} onToggleCollapse={onToggle} collapsed={new Set(['c'])} />);
    expect(container.querySelector('[data-queue="leaf1"]')).toBeNull();
    expect(container.querySelector('[data-queue="c"]')?.getAttribute('aria-expanded')).toBe('false');
  });

  it('selects on click and deselects on a second click', () => {
    const onSelect = vi.fn();
    const { container, rerender } = render(<QueueTree {...base} onSelectQueue={onSelect} />);
    const leaf = container.querySelector('[data-queue="leaf3"]');
    if (leaf === null) throw new Error('no card');
    fireEvent.click(leaf);
    expect(onSelect).toHaveBeenLastCalledWith('leaf3');
    rerender(<QueueTree {...base} onSelectQueue={onSelect} selectedQueue="leaf3" />);
    fireEvent.click(leaf);
    expect(onSelect).toHaveBeenLastCalledWith(null);
  });

  it('shows limit and over-quota weight in the hover tooltip', () => {
    const { container } = render(<QueueTree {...base} />);
    const leaf = container.querySelector('[data-queue="leaf3"]');
    if (leaf === null) throw new Error('no card');
    fireEvent.mouseEnter(leaf);
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('leaf3');
    expect(tip.textContent).toContain('limit');
    expect(tip.textContent).toContain('OQW');
    // gpu row: allocated 9, requested 9, fair 6, quota 6, limit 10, weight 1.
    expect([...tip.querySelectorAll('tbody td')].map((td) => td.textContent)).toEqual([
      'gpu',
      '9',
      '9',
      '6',
      '6',
      '10',
      '1',
    ]);
    expect(tip.textContent).toContain('reclaimMinRuntime 1m, inherited from d');
    fireEvent.mouseLeave(leaf);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('moves focus with the arrow keys and folds with ArrowLeft', () => {
    const onToggle = vi.fn();
    const onSelect = vi.fn();
    const { container } = render(
      <QueueTree {...base} onToggleCollapse={onToggle} onSelectQueue={onSelect} />,
    );
    const card = (q: string) => container.querySelector(`[data-queue="${q}"]`) as SVGGElement;
    expect(card('a').getAttribute('tabindex')).toBe('0');
    act(() => card('a').focus());
    fireEvent.keyDown(card('a'), { key: 'ArrowDown' });
    expect(card('b').getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(card('b'), { key: 'ArrowLeft' });
    expect(onToggle).toHaveBeenCalledWith('b');
    fireEvent.keyDown(card('b'), { key: 'Enter' });
    expect(onSelect).toHaveBeenCalledWith('b');
  });

  it('draws the LCA overlay and its callout when a path is given', () => {
    const { container } = render(<QueueTree {...base} path={galleryPathExample1()} />);
    const note = screen.getByRole('note');
    expect(note.getAttribute('aria-label')).toContain('1m from d — protected until t=2m30s');
    expect(container.textContent).toContain('reclaimer side: c');
    expect(container.textContent).toContain('step down · source');
    // The export frame grows to include the callouts.
    const bounds = (c: Element) =>
      c.querySelector('[data-viz-content]')?.getAttribute('data-bounds')?.split(' ').map(Number);
    const plain = bounds(render(<QueueTree {...base} />).container);
    expect(bounds(container)?.[3]).toBeGreaterThan(plain?.[3] ?? Infinity);
  });

  it('draws the walk up the tree with an arrowhead', () => {
    const { container } = render(<QueueTree {...base} path={galleryPathExample3()} />);
    const walk = [...container.querySelectorAll('path[marker-end]')];
    expect(walk).toHaveLength(1);
    expect(container.textContent).toContain('10m from b');
  });

  it('starts with a transform that fits the tree', () => {
    const { container } = render(<QueueTree {...base} />);
    const transform = container.querySelector('[data-viz-content]')?.getAttribute('transform') ?? '';
    const k = Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]);
    expect(k).toBeGreaterThan(0.4);
    expect(k).toBeLessThanOrEqual(1);
  });

  it('follows the text size: a drawn path is never fitted below the readable zoom, the legend is scaled', () => {
    const { container } = render(
      <QueueTree {...base} width={500} height={400} path={galleryPathExample1()} minTextPx={14.3} />,
    );
    const transform = container.querySelector('[data-viz-content]')?.getAttribute('transform') ?? '';
    const k = Number(/scale\(([\d.]+)\)/.exec(transform)?.[1]);
    // The smallest card text is 10 units: 14.3 px on screen needs a zoom of at least 1.43.
    expect(k).toBeGreaterThanOrEqual(1.43);
    const legend = container.querySelector('g[data-export="exclude"]')?.getAttribute('transform') ?? '';
    expect(Number(/scale\(([\d.]+)\)/.exec(legend)?.[1])).toBeCloseTo(1.43, 5);
  });

  it('enlarges a small tree to fill its panel when a text size is given', () => {
    const small = galleryQueues().filter((q) => q.name === 'a' || q.parent === 'a');
    const { container } = render(
      <QueueTree {...base} queues={small} width={1600} height={900} minTextPx={11} />,
    );
    const transform = container.querySelector('[data-viz-content]')?.getAttribute('transform') ?? '';
    expect(Number(/scale\(([\d.]+)\)/.exec(transform)?.[1])).toBeGreaterThan(1.2);
  });

  it('without the overview (the stage), a tree too big to read whole keeps the readable zoom', () => {
    const overview = render(<QueueTree {...base} width={500} height={400} minTextPx={14.3} />);
    const whole = overview.container.querySelector('[data-viz-content]')?.getAttribute('transform') ?? '';
    expect(Number(/scale\(([\d.]+)\)/.exec(whole)?.[1])).toBeLessThan(1);
    cleanup();
    const { container } = render(
      <QueueTree {...base} width={500} height={400} minTextPx={14.3} allowOverview={false} />,
    );
    const transform = container.querySelector('[data-viz-content]')?.getAttribute('transform') ?? '';
    // Whole, this tree would need a zoom near 0.4 (5 px text); it is framed on its root at 1.43 instead.
    expect(Number(/scale\(([\d.]+)\)/.exec(transform)?.[1])).toBeGreaterThanOrEqual(1.43);
  });
});
