/**
 * A window as short as a 1280x720 projector's (up to 800 px high): the lesson's spacing tightens there so a
 * step, its question and Reveal/Next fit the side pane without scrolling; type keeps the chosen text size
 * (decisions 0302, 0317).
 */
export const SHORT_WINDOW_QUERY = '(max-height: 800px)';

/** `SHORT_WINDOW_QUERY` as an sx/CSS media key. */
export const SHORT_WINDOW = `@media ${SHORT_WINDOW_QUERY}`;
