import { useEffect, useRef, useState, type RefObject } from 'react';

/** One content dimension of an element, kept current with a ResizeObserver. */
function useElementSize<T extends HTMLElement>(
  dimension: 'width' | 'height',
  initial: number,
): [RefObject<T | null>, number] {
  const ref = useRef<T | null>(null);
  const [size, setSize] = useState(initial);
  useEffect(() => {
    const element = ref.current;
    if (element === null) return;
    setSize(dimension === 'width' ? element.clientWidth : element.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry !== undefined) setSize(Math.round(entry.contentRect[dimension]));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [dimension]);
  return [ref, size];
}

/** The content width of an element, kept current with a ResizeObserver. */
export function useElementWidth<T extends HTMLElement>(initial = 800): [RefObject<T | null>, number] {
  return useElementSize<T>('width', initial);
}

/** The content height of an element, kept current with a ResizeObserver. */
export function useElementHeight<T extends HTMLElement>(initial = 0): [RefObject<T | null>, number] {
  return useElementSize<T>('height', initial);
}
