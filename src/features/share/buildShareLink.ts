/**
 * The link the Share button copies for the current state: a built-in scenario as it ships stays a
 * short link by id (`?scenario=lca-1&session=3&job=…`); anything else carries its text in `#share=…`.
 */
import { findBuiltinScenario } from '../../scenarios/builtinScenarios';
import type { AppState } from '../../store/AppState';
import { formatUrlState } from '../url-sync/urlState';
import { urlStateOf } from '../url-sync/useUrlSync';
import { encodeShareFragment, LINK_MAX_LENGTH } from './shareLink';

export interface ShareLink {
  url: string;
  kind: 'builtin' | 'scenario';
  /** False when the link is longer than {@link LINK_MAX_LENGTH}: offer a file instead. */
  fits: boolean;
}

/** The link for `state`, relative to `base` (origin and path of the app, e.g. `https://x.org/lab/`). */
export function buildShareLink(state: AppState, base: string): ShareLink | null {
  const { source, loadedText } = state.scenario;
  if (source === null || loadedText === '') return null;
  const place = urlStateOf(state);
  if (source.kind === 'builtin' && findBuiltinScenario(source.id)?.text === loadedText) {
    return { url: `${base}${formatUrlState({ ...place, mine: null })}`, kind: 'builtin', fits: true };
  }
  const fragment = encodeShareFragment({
    text: loadedText,
    session: place.session,
    selection: place.selection,
    pair: place.pair,
  });
  const url = `${base}#${fragment}`;
  return { url, kind: 'scenario', fits: url.length <= LINK_MAX_LENGTH };
}
