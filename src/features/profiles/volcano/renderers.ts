/**
 * Volcano's (and kube-batch's) trace detail renderers, keyed by the detail types declared in
 * engine/profiles/volcano/trace.ts.
 */
import type { VolcanoDetail } from '../../../engine/profiles/volcano/trace';
import { rendererFor, type DetailRenderer } from '../rendererFor';
import { DrfShareView } from './DrfShareView';
import { EnqueueGateView } from './EnqueueGateView';
import { ProportionView } from './ProportionView';
import { SlaView } from './SlaView';
import { StarvingView } from './StarvingView';
import { TierVoteTable } from './TierVoteTable';
import { VictimSetTable } from './VictimSetTable';

/** Every Volcano detail type has a renderer (the Record over the union makes a missing one a type error). */
export const VOLCANO_RENDERERS: Readonly<Record<VolcanoDetail['type'], DetailRenderer>> = {
  'tier-vote': rendererFor(TierVoteTable),
  'victim-set': rendererFor(VictimSetTable),
  'enqueue-gate': rendererFor(EnqueueGateView),
  sla: rendererFor(SlaView),
  'drf-share': rendererFor(DrfShareView),
  'proportion-queue': rendererFor(ProportionView),
  starving: rendererFor(StarvingView),
};
