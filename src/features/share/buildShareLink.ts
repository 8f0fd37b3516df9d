/**
 * The link the Share button copies for the current state: a built-in scenario as it ships stays a
 * short link by id (`?scenario=lca-1&session=3&job=…`); anything else carries its text in `#share=…`.
 */
import { findBuiltinScenario } from '../../scenarios/builtinScenarios';
import type { ScenarioSource } from '../../store/AppState';
import { formatUrlState, type UrlState } from '../url-sync/urlState';
import { encodeShareFragment, LINK_MAX_LENGTH } from './shareLink';

export interface ShareLink {
  url: string;
  kind: 'builtin' | 'scenario';
  /** False when the link is longer than {@link LINK_MAX_LENGTH}: offer a file instead. */
  fits: boolean;
}

export interface ShareInputs {
  source: ScenarioSource | null;
  /** The running scenario's text. */
  loadedText: string;
  /** Where the sender is (`urlStateFrom`). */
  place: UrlState;
}

/** The link for `inputs`, relative to `base` (origin and path of the app, e.g. `https://x.org/lab/`). */
export function buildShareLink({ source, loadedText, place }: ShareInputs, base: string): ShareLink | null {
  if (source === null || loadedText === '') return null;
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
