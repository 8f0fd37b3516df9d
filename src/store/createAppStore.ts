/**
 * Builds the one app store from its slices. A factory (not a module singleton) so that every test and the
 * app each get their own store wired to their own client.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { SimulationClient } from '../client/SimulationClient';
import type { AppState, ViewSliceState } from './AppState';
import { createExplainActions } from './explainSlice';
import { scheduleAnimationFrame, type ScheduleFrame } from './frameBatcher';
import { createLessonActions, initialLessonState } from './lessonSlice';
import { createRunActions, createRunController, initialRunState } from './runSlice';
import { createScenarioActions, initialScenarioState } from './scenarioSlice';
import { createSelectionActions, initialSelectionState } from './selectionSlice';
import type { StoreContext } from './StoreContext';
import { createViewActions, initialViewState } from './viewSlice';

export type AppStore = StoreApi<AppState>;

export interface AppStoreOptions {
  client: SimulationClient;
  /** How streamed markers are batched (defaults to requestAnimationFrame). */
  scheduleFrame?: ScheduleFrame;
  initialView?: Partial<ViewSliceState>;
  initialDraft?: string;
}

export function createAppStore(options: AppStoreOptions): AppStore {
  const store = createStore<AppState>()((set, get) => {
    const context: StoreContext = { set: (updater) => set(updater), get, client: options.client };
    const controller = createRunController(context, options.scheduleFrame ?? scheduleAnimationFrame);
    return {
      scenario: { ...initialScenarioState, draft: options.initialDraft ?? '' },
      run: initialRunState,
      selection: initialSelectionState,
      view: { ...initialViewState, ...options.initialView },
      lesson: initialLessonState,
      actions: {
        ...createScenarioActions(context, controller),
        ...createRunActions(context, controller),
        ...createSelectionActions(context),
        ...createViewActions(context),
        ...createLessonActions(context),
        ...createExplainActions(context),
      },
    };
  });
  // A lesson follows the cursor however it moved (a `?session=N` link, the timeline, a key): a store-level
  // subscription, so no view has to remember to ask. The lesson's own steps leave it unchanged.
  store.subscribe((state, previous) => {
    if (state.run.cursor !== previous.run.cursor || state.run.runId !== previous.run.runId)
      state.actions.lessonFollowCursor();
  });
  return store;
}

export const selectActions = (state: AppState) => state.actions;
