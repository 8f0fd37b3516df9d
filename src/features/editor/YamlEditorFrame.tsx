import { useTheme } from '@mui/material/styles';
import type { RefObject } from 'react';

/**
 * The element a `useYamlEditor` view lives in: bordered in the theme's colours, `height` tall. Escape that
 * the editor used (closing completion or search) must not also close the dialog around it.
 */
export function YamlEditorFrame({
  host,
  testId,
  height,
}: {
  host: RefObject<HTMLDivElement | null>;
  testId: string;
  height: string;
}) {
  const theme = useTheme();
  return (
    <div
      ref={host}
      data-testid={testId}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && event.defaultPrevented) event.stopPropagation();
      }}
      style={{
        border: `1px solid ${theme.palette.divider}`,
        borderRadius: 4,
        height,
        minHeight: 0,
        overflow: 'hidden',
        colorScheme: theme.palette.mode === 'dark' ? 'dark' : 'light',
        background: theme.palette.background.paper,
      }}
    />
  );
}
