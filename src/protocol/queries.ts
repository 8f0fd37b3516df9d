/**
 * Questions a view may ask the worker about one session of the loaded run, by profile and kind (the
 * generic `query` request; decision 0026). Each profile lists its kinds here with their parameters and
 * result; the worker answers a kind the loaded scenario's profile does not have with `bad-request`.
 */
import type { ResolveQuery, ResolveResult } from '../engine/model/protection';

/** Every query kind, per profile: `params` sent, `result` answered. */
export interface QueryCatalogue {
  kai: {
    /** Min-runtime resolution for a queue pair (a what-if on the queue tree; the plugin defaults). */
    minruntime: { params: ResolveQuery; result: ResolveResult };
  };
}

export type QueryProfile = keyof QueryCatalogue;

/** One question: which profile's kind, about which session (0 = the scenario at t=0), with its params. */
export type RunQuery = {
  [P in QueryProfile]: {
    [K in keyof QueryCatalogue[P]]: {
      profile: P;
      kind: K;
      session: number;
      params: QueryCatalogue[P][K] extends { params: infer A } ? A : never;
    };
  }[keyof QueryCatalogue[P]];
}[QueryProfile];

/** The result type of query `Q`. */
export type QueryResult<Q extends RunQuery> = Q['profile'] extends infer P extends QueryProfile
  ? Q['kind'] extends infer K extends keyof QueryCatalogue[P]
    ? QueryCatalogue[P][K] extends { result: infer R }
      ? R
      : never
    : never
  : never;

/** Any query's answer, as it crosses the protocol. */
export type QueryAnswer = QueryResult<RunQuery>;
