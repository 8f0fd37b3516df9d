import Box from '@mui/material/Box';
import { MONO_FONT } from './theme';

/** One keyboard key, as shown in the shortcuts help and tooltips. */
export function Keycap({ label }: { label: string }) {
  return (
    <Box
      component="kbd"
      sx={{
        fontFamily: MONO_FONT,
        fontSize: '0.85em',
        px: 0.75,
        py: 0.1,
        border: 1,
        borderColor: 'divider',
        borderBottomWidth: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
        whiteSpace: 'nowrap',
      }}
    >
      {label}
    </Box>
  );
}
