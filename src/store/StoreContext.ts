/** What slice action creators share: the store's set/get and the injected worker client. */
import type { SimulationClient } from '../client/SimulationClient';
import type { AppState } from './AppState';

export type SetState = (updater: (state: AppState) => Partial<AppState>) => void;
export type GetState = () => AppState;

export interface StoreContext {
  set: SetState;
  get: GetState;
  client: SimulationClient;
}
