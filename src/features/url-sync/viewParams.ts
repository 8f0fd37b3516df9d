/**
 * View state in the URL beside the scenario's place (urlState.ts): `view=stage|jobs|decisions|queues|cluster|workshop|compare`
 * (the main view a person chose; absent while the app picks: the stage for a lesson, else the jobs table)
 * and `present=1` (presenter mode). Kept apart from the scenario's place so a share link never carries it.
 */
import type { MainView } from '../../store/AppState';

const VIEWS: readonly MainView[] = ['stage', 'jobs', 'decisions', 'queues', 'cluster', 'workshop', 'compare'];

export interface ViewParams {
  view: MainView | null;
  isPresenting: boolean;
}

export function parseViewParams(search: string): ViewParams {
  const params = new URLSearchParams(search);
  const view = params.get('view');
  return {
    // `compare=kai,volcano` opens the Compare view on those profiles (issue 23 Deliver 4), whatever `view` says.
    view: params.has('compare') ? 'compare' : (VIEWS.find((v) => v === view) ?? null),
    isPresenting: params.get('present') === '1',
  };
}

/** `currentSearch` with `view` and `present` set from `state` (removed when default); other keys stay. */
export function formatViewParams(state: ViewParams, currentSearch = ''): string {
  const params = new URLSearchParams(currentSearch);
  params.delete('view');
  params.delete('present');
  // The profiles stay in the URL while the Compare view is shown; leaving it leaves them out.
  if (state.view !== 'compare') params.delete('compare');
  if (state.view !== null) params.set('view', state.view);
  if (state.isPresenting) params.set('present', '1');
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Most names `compare=` reads (more than the profiles there are is a mistake the worker names anyway). */
const MAX_COMPARE_NAMES = 16;

/**
 * The profiles of `compare=kai,volcano` as written (the worker checks them and says what is wrong), or null
 * without the parameter.
 */
export function parseCompareParam(search: string): string[] | null {
  const value = new URLSearchParams(search).get('compare');
  if (value === null) return null;
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .slice(0, MAX_COMPARE_NAMES);
}
