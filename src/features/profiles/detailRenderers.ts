/**
 * The one map from a profile's trace detail types to their renderers. Each profile lists its own
 * (features/profiles/<name>/renderers.ts); shared panels look renderers up by `profile` and `type` only.
 */
import type { ProfileDetail } from '../../engine/model/trace';
import type { DetailRenderer } from './rendererFor';
import { VOLCANO_RENDERERS } from './volcano/renderers';

/** Renderers by profile, then by detail type. kube-batch records its details under `volcano`. */
const RENDERERS: Readonly<Record<string, Readonly<Record<string, DetailRenderer>>>> = {
  volcano: VOLCANO_RENDERERS,
};

export function detailRenderer(detail: ProfileDetail): DetailRenderer | null {
  return RENDERERS[detail.profile]?.[detail.type] ?? null;
}
