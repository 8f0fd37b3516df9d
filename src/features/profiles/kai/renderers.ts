/**
 * KAI's trace detail renderers, keyed by the detail types declared in engine/profiles/kai/trace.ts
 * (decision 0315), as Volcano's are in ../volcano/renderers.ts.
 */
import type { KaiDetail } from '../../../engine/profiles/kai/trace';
import { rendererFor, type DetailRenderer } from '../rendererFor';
import { GateView, MinRuntimeView, ReclaimableView, SaturationView } from './KaiDetailViews';

/** Every KAI detail type has a renderer (the Record over the union makes a missing one a type error). */
export const KAI_RENDERERS: Readonly<Record<KaiDetail['type'], DetailRenderer>> = {
  minruntime: rendererFor(MinRuntimeView),
  reclaimable: rendererFor(ReclaimableView),
  saturation: rendererFor(SaturationView),
  gate: rendererFor(GateView),
};
