import type { Theme } from '@mui/material/styles';
import { useState, type CSSProperties, type ReactNode } from 'react';

export interface DisclosureProps {
  summary: ReactNode;
  children: () => ReactNode;
  className?: string;
  style?: CSSProperties;
  testId?: string;
  /** Extra `data-*` attributes for tests and styling. */
  data?: Record<string, string | number | boolean>;
}

/**
 * A native <details>/<summary> whose body is rendered only while open. Native elements keep long lists
 * (a big cluster's session has hundreds of decisions) cheap to render, and are keyboard- and
 * screen-reader-accessible without extra ARIA. Styling comes from the parent via class names.
 */
export function Disclosure({ summary, children, className, style, testId, data = {} }: DisclosureProps) {
  const [isOpen, setIsOpen] = useState(false);
  const dataAttributes = Object.fromEntries(Object.entries(data).map(([k, v]) => [`data-${k}`, String(v)]));
  return (
    <details
      className={className}
      style={style}
      data-testid={testId}
      {...dataAttributes}
      onToggle={(event) => setIsOpen(event.currentTarget.open)}
    >
      <summary data-testid={testId === undefined ? undefined : `${testId}-summary`}>{summary}</summary>
      {isOpen && <div className="disclosure-body">{children()}</div>}
    </details>
  );
}

/** Shared look of disclosures, applied once on a container's `sx`. */
export const disclosureStyles = {
  '& details': {
    border: '1px solid',
    borderColor: 'divider',
    borderRadius: 1,
    bgcolor: 'background.paper',
  },
  '& details > summary': {
    cursor: 'pointer',
    listStyle: 'none',
    display: 'flex',
    alignItems: 'flex-start',
    gap: 1,
    px: 2,
    py: 1.25,
    borderRadius: 1,
  },
  '& details > summary::-webkit-details-marker': { display: 'none' },
  '& details > summary::after': {
    content: '"▸"',
    ml: 'auto',
    pl: 1,
    color: 'text.secondary',
    fontSize: (t: Theme) => t.typography.pxToRem(17.6),
    lineHeight: 1.2,
    transition: 'transform 120ms',
  },
  '& details[open] > summary::after': { transform: 'rotate(90deg)' },
  '& details > summary:hover': { bgcolor: 'action.hover' },
  '& details > summary:focus-visible': {
    outline: '2px solid',
    outlineColor: 'primary.main',
    outlineOffset: -2,
  },
  '& .disclosure-body': { px: 2, pb: 2, pt: 0.5 },
} as const;
