/**
 * The small label that says which moment a number describes (decision 0273): "at the attempt" (when the
 * decision was made inside the session) or "after the session" (the state when it closed). Words, not
 * colour: it inherits the text colour and only draws a thin outline of it. No opacity of its own: the muted
 * lines it sits in (decision log `.secondary`, jobs table `.muted`) are already at the AA minimum, and an
 * opacity of 0.85 took the tag below 4.5:1 in both themes (axe color-contrast, accessibility and volcano specs).
 */
import { MOMENT_LABEL, type FigureMoment } from '../layouts/describeFigures';

export interface MomentTagProps {
  moment: FigureMoment;
}

export function MomentTag({ moment }: MomentTagProps) {
  return (
    <span
      data-testid="moment"
      data-moment={moment}
      style={{
        display: 'inline-block',
        border: '1px solid currentColor',
        borderRadius: 4,
        padding: '0 4px',
        marginInline: 4,
        fontSize: '0.8em',
        lineHeight: 1.4,
        fontWeight: 500,
        whiteSpace: 'nowrap',
        verticalAlign: 'baseline',
      }}
    >
      {MOMENT_LABEL[moment]}
    </span>
  );
}
