/**
 * View state in the URL beside the scenario's place (urlState.ts): `view=stage|jobs|decisions|queues|cluster|workshop`
 * (the main view a person chose; absent while the app picks: the stage for a lesson, else the jobs table)
 * and `present=1` (presenter mode). Kept apart from the scenario's place so a share link never carries it.
 */
import type { MainView } from '../../store/AppState';

const VIEWS: readonly MainView[] = ['stage', 'jobs', 'decisions', 'queues', 'cluster', 'workshop'];

export interface ViewParams {
  view: MainView | null;
  isPresenting: boolean;
}

export function parseViewParams(search: string): ViewParams {
  const params = new URLSearchParams(search);
  const view = params.get('view');
  return {
    view: VIEWS.find((v) => v === view) ?? null,
    isPresenting: params.get('present') === '1',
  };
}

/** `currentSearch` with `view` and `present` set from `state` (removed when default); other keys stay. */
export function formatViewParams(state: ViewParams, currentSearch = ''): string {
  const params = new URLSearchParams(currentSearch);
  params.delete('view');
  params.delete('present');
  if (state.view !== null) params.set('view', state.view);
  if (state.isPresenting) params.set('present', '1');
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
