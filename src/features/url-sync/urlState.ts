/**
 * The part of the view that lives in the URL, so a reload (or a shared link) returns to the same place:
 * `?scenario=welcome&session=3&job=train-b`. Custom YAML is `scenario=custom` (its text is in localStorage).
 */
import type { Selection } from '../../store/AppState';

export interface UrlState {
  scenario: string | null;
  session: number | null;
  selection: Selection | null;
}

export function parseUrlState(search: string): UrlState {
  const params = new URLSearchParams(search);
  const sessionText = params.get('session');
  const session = sessionText !== null && /^\d+$/.test(sessionText) ? Number(sessionText) : null;
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
  return {
    scenario: scenario === '' ? null : scenario,
    session: session !== null && session > 0 ? session : null,
    selection,
  };
}

/** The search string for `state`, keeping unrelated parameters of `currentSearch` in place. */
export function formatUrlState(state: UrlState, currentSearch = ''): string {
  const params = new URLSearchParams(currentSearch);
  for (const key of ['scenario', 'session', 'job', 'queue', 'node']) params.delete(key);
  if (state.scenario !== null) params.set('scenario', state.scenario);
  if (state.session !== null) params.set('session', String(state.session));
  if (state.selection !== null) params.set(state.selection.kind, state.selection.name);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
