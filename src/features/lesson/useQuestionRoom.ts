import useMediaQuery from '@mui/material/useMediaQuery';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectIsQuestionAsked } from '../../store/lessonSlice';
import { SHORT_WINDOW_QUERY } from '../../ui/shortWindow';
import { selectFontScale, selectIsPresenting, selectIsSidePanelOpen } from '../../store/viewSlice';

/**
 * Whether an open lesson question gets the room of a larger text size (decision 0317): in a short window,
 * at a text size above x1, with the side panel shown outside presenter mode. At x1.3 a question step needs
 * 800-1000 px of a 396 px wide side pane; the pane then widens with the text (its lines keep their length
 * in characters) and the stage's map/decision column gives the width, while the queue tree keeps its own.
 */
export function useQuestionRoom(): boolean {
  const isShort = useMediaQuery(SHORT_WINDOW_QUERY, { noSsr: true });
  const isAsked = useAppStore(selectIsQuestionAsked);
  const isLargerText = useAppStore((s) => selectFontScale(s) > 1);
  const isSideOpen = useAppStore(selectIsSidePanelOpen);
  const isPresenting = useAppStore(selectIsPresenting);
  return isShort && isAsked && isLargerText && isSideOpen && !isPresenting;
}
