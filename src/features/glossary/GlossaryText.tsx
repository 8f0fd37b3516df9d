import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { pointerMovedOnto } from '../../ui/pointerMoves';
import { findTerms, type GlossaryEntry } from './glossary';

/**
 * Text with every glossary term underlined and explained in a tooltip that opens on hover and on keyboard
 * focus (each term is a tab stop); the definition is the term's accessible description.
 */
export function glossaryText(text: string): ReactNode[] {
  return findTerms(text).map((part, i) =>
    'entry' in part ? <GlossaryTerm key={i} entry={part.entry} text={part.text} /> : part.text,
  );
}

/** One underlined term and its tooltip (hover, with a real pointer move, or keyboard focus). */
function GlossaryTerm({ entry, text }: { entry: GlossaryEntry; text: string }) {
  const [open, setOpen] = useState(false);
  const hoverIgnored = useRef(false);
  const term = useRef<HTMLSpanElement>(null);
  return (
    <Tooltip
      open={open}
      onOpen={() => {
        if (!hoverIgnored.current) setOpen(true);
      }}
      onClose={(event) => {
        // Shown on focus, it stays while the focus does (WCAG 1.4.13): a mouseleave does not close it while
        // the keyboard's focus is on the term. Under reduced motion the tooltip appears at once at the page's
        // corner before it is placed, so a pointer resting there "left" it as it moved, and the tooltip
        // closed the moment the focus had opened it (decision 0371).
        if (event.type === 'mouseleave' && term.current?.matches(':focus-visible') === true) return;
        setOpen(false);
      }}
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
            {entry.term}
          </Typography>
          <Typography
            component="span"
            sx={{ display: 'block', fontSize: (t: Theme) => t.typography.pxToRem(15.2), lineHeight: 1.45 }}
          >
            {entry.definition}
          </Typography>
        </Box>
      }
    >
      <Box
        component="span"
        ref={term}
        tabIndex={0}
        data-testid="glossary-term"
        data-term={entry.term}
        // Judged as the mouseover is dispatched (the tooltip opens after its delay, by when the pointer's
        // own mousemove has been followed): a hover from the page moving under a still pointer is ignored
        // until the pointer really moves over the term.
        onMouseOverCapture={(event: MouseEvent) => {
          hoverIgnored.current = !pointerMovedOnto(event);
        }}
        onMouseMove={(event: MouseEvent) => {
          if (hoverIgnored.current && (event.movementX !== 0 || event.movementY !== 0)) {
            hoverIgnored.current = false;
            setOpen(true);
          }
        }}
        onFocus={() => {
          hoverIgnored.current = false;
        }}
        sx={{
          textDecoration: 'underline dotted',
          textUnderlineOffset: '0.2em',
          cursor: 'help',
          borderRadius: 0.5,
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
        }}
      >
        {text}
      </Box>
    </Tooltip>
  );
}
