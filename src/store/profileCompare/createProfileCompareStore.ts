/**
 * The Compare view's state (issue 23 Deliver 4): which profiles to compare, and the worker's answer. The
 * comparison runs in a worker of its own (never on the main thread, and never blocking the main run's
 * worker); this store only asks and keeps the answer. A newer request supersedes an older one.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ProfileCompareRequests, SimulationClient } from '../../client/SimulationClient';
import type { ProfileComparison } from '../../engine/index';

export type ProfileCompareClient = Pick<SimulationClient, 'dispose'> & ProfileCompareRequests;

export interface ProfileCompareState {
  /** Profile names to compare, in the order shown. */
  profiles: string[];
  status: 'idle' | 'running' | 'done' | 'failed';
  result: ProfileComparison | null;
  /** The worker's or the scenario's problem, in words. */
  error: string | null;
  actions: {
    setProfiles(profiles: string[]): void;
    /** Compares `text` on the chosen profiles. */
    run(text: string): Promise<void>;
    dispose(): void;
  };
}

export type ProfileCompareStore = StoreApi<ProfileCompareState>;

export function createProfileCompareStore(options: {
  createClient(): ProfileCompareClient;
  profiles: string[];
}): ProfileCompareStore {
  let client: ProfileCompareClient | null = null;
  let generation = 0;
  return createStore<ProfileCompareState>((set, get) => ({
    profiles: options.profiles,
    status: 'idle',
    result: null,
    error: null,
    actions: {
      setProfiles(profiles) {
        set({ profiles });
      },
      async run(text) {
        const mine = ++generation;
        set({ status: 'running', error: null });
        try {
          client ??= options.createClient();
          const answer = await client.profileCompare(text, get().profiles);
          if (mine !== generation) return;
          if (answer.ok) set({ status: 'done', result: answer.comparison });
          else set({ status: 'failed', result: null, error: answer.errors.map((e) => e.text).join('\n') });
        } catch (error) {
          if (mine !== generation) return;
          set({ status: 'failed', error: error instanceof Error ? error.message : String(error) });
        }
      },
      dispose() {
        generation++;
        client?.dispose();
        client = null;
      },
    },
  }));
}
