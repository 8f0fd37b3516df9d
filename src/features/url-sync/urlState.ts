/**
 * The part of the view that lives in the URL, so a reload, Back/Forward or a shared link returns to the
 * same place: `?scenario=welcome&session=3&job=train-b`. A scenario of "My scenarios" is
 * `?scenario=custom&mine=<id>`; a scenario opened from a link keeps its `#share=…` fragment
 * (`?scenario=shared`). The preemptor/victim pair is `pair=<session>.<attempt>` with `preemptor` and
 * `victim` names.
 */
import type { SelectedPair, Selection } from '../../store/AppState';

export interface UrlState {
  scenario: string | null;
  session: number | null;
  selection: Selection | null;
  pair: SelectedPair | null;
  /** Id in "My scenarios" when `scenario` is `custom`. */
  mine: string | null;
}

const positive = (text: string | null): number | null =>
  text !== null && /^\d{1,9}$/.test(text) && Number(text) > 0 ? Number(text) : null;

function parsePair(params: URLSearchParams): SelectedPair | null {
  const at = /^(\d{1,9})\.(\d{1,9})$/.exec(params.get('pair') ?? '');
  const preemptor = params.get('preemptor');
  const victim = params.get('victim');
  if (at === null || !preemptor || !victim) return null;
  const session = Number(at[1]);
  if (session < 1) return null;
  return { session, attempt: Number(at[2]), preemptor, victim };
}

export function parseUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const job = params.get('job');
  const queue = params.get('queue');
  const node = params.get('node');
  const selection: Selection | null =
    job !== null && job !== ''
      ? { kind: 'job', name: job }
      : queue !== null && queue !== ''
        ? { kind: 'queue', name: queue }
        : node !== null && node !== ''
          ? { kind: 'node', name: node }
          : null;
  const scenario = params.get('scenario');
  const mine = params.get('mine');
  const pair = parsePair(params);
  return {
    scenario: scenario === '' ? null : scenario,
    session: positive(params.get('session')),
    selection,
    // A pair always selects its victim job; a URL that says otherwise keeps only the selection.
    pair: pair !== null && selection?.kind === 'job' && selection.name === pair.victim ? pair : null,
    mine: mine === '' ? null : mine,
  };
}

const KEYS = ['scenario', 'mine', 'session', 'job', 'queue', 'node', 'pair', 'preemptor', 'victim'];

/** The search string for `state`, keeping unrelated parameters of `currentSearch` in place. */
export function formatUrlState(state: UrlState, currentSearch = ''): string {
  const params = new URLSearchParams(currentSearch);
  for (const key of KEYS) params.delete(key);
  if (state.scenario !== null) params.set('scenario', state.scenario);
  if (state.mine !== null) params.set('mine', state.mine);
  if (state.session !== null) params.set('session', String(state.session));
  if (state.selection !== null) params.set(state.selection.kind, state.selection.name);
  if (state.pair !== null) {
    params.set('pair', `${state.pair.session}.${state.pair.attempt}`);
    params.set('preemptor', state.pair.preemptor);
    params.set('victim', state.pair.victim);
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** `currentHash` with its `share=` key set to `share` (or removed when null); other keys stay. */
export function formatShareHash(share: string | null, currentHash = ''): string {
  const body = currentHash.startsWith('#') ? currentHash.slice(1) : currentHash;
  const parts = body.split('&').filter((p) => p !== '' && !p.startsWith('share='));
  if (share !== null) parts.push(`share=${share}`);
  return parts.length === 0 ? '' : `#${parts.join('&')}`;
}
