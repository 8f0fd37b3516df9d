import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { findTerms } from './glossary';

/**
 * Text with every glossary term underlined and explained in a tooltip that opens on hover and on keyboard
 * focus (each term is a tab stop); the definition is the term's accessible description.
 */
export function glossaryText(text: string): ReactNode[] {
  return findTerms(text).map((part, i) =>
    'entry' in part ? (
      <Tooltip
        key={i}
        describeChild
        arrow
        enterDelay={150}
        // Opaque and large enough to read from the back of a room over the text it covers.
        slotProps={{ tooltip: { sx: { bgcolor: 'grey.900', color: 'common.white', maxWidth: 380 } } }}
        title={
          <Box sx={{ p: 0.5, maxWidth: 360 }}>
            <Typography
              component="span"
              sx={{ display: 'block', fontWeight: 700, fontSize: (t: Theme) => t.typography.pxToRem(16) }}
            >
              {part.entry.term}
            </Typography>
            <Typography
              component="span"
              sx={{ display: 'block', fontSize: (t: Theme) => t.typography.pxToRem(15.2), lineHeight: 1.45 }}
            >
              {part.entry.definition}
            </Typography>
          </Box>
        }
      >
        <Box
          component="span"
          tabIndex={0}
          data-testid="glossary-term"
          data-term={part.entry.term}
          sx={{
            textDecoration: 'underline dotted',
            textUnderlineOffset: '0.2em',
            cursor: 'help',
            borderRadius: 0.5,
            '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
          }}
        >
          {part.text}
        </Box>
      </Tooltip>
    ) : (
      part.text
    ),
  );
}
