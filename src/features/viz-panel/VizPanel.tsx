import Box from '@mui/material/Box';
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface ChartSize {
  width: number;
  height: number;
}

const MIN_HEIGHT = 260;

/**
 * A toolbar above a chart that fills the rest of the main area's visible height (the main area scrolls,
 * so a percentage height would not resolve). The chart is rendered once its size is known.
 */
export function VizPanel({
  toolbar,
  testId,
  fill = false,
  children,
}: {
  /** Take the parent's full height (a cell of the stage grid) instead of the main area's visible height. */
  fill?: boolean;
  /**
   * The toolbar, or a function of the chart's size (for exports of what is on screen); null for none (in
   * presenter mode the chart takes the whole cell).
   */
  toolbar: ReactNode | ((size: ChartSize | null) => ReactNode) | null;
  testId: string;
  children: (size: ChartSize) => ReactNode;
}) {
  const root = useRef<HTMLDivElement | null>(null);
  const chart = useRef<HTMLDivElement | null>(null);
  const [height, setHeight] = useState<number | null>(null);
  const [size, setSize] = useState<ChartSize | null>(null);

  useLayoutEffect(() => {
    const el = root.current;
    if (el === null || fill) return undefined;
    const scroller = el.closest('main') ?? document.documentElement;
    const fit = () => {
      const top = el.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
      setHeight(Math.max(MIN_HEIGHT, Math.floor(scroller.clientHeight - top)));
    };
    fit();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(fit);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [fill]);

  useLayoutEffect(() => {
    const el = chart.current;
    if (el === null) return undefined;
    const measure = () => {
      const width = Math.floor(el.clientWidth);
      const h = Math.floor(el.clientHeight);
      setSize((prev) =>
        prev !== null && prev.width === width && prev.height === h ? prev : { width, height: h },
      );
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  return (
    <Box
      ref={root}
      data-testid={testId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: fill ? '100%' : (height ?? MIN_HEIGHT),
        minWidth: 0,
        minHeight: 0,
      }}
    >
      {toolbar !== null && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'center',
            gap: 1,
            px: 2,
            py: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {typeof toolbar === 'function' ? toolbar(size) : toolbar}
        </Box>
      )}
      <Box ref={chart} sx={{ flex: 1, minHeight: 0, position: 'relative', overflow: 'hidden' }}>
        {size !== null && size.width > 0 && size.height > 0 && children(size)}
      </Box>
    </Box>
  );
}
