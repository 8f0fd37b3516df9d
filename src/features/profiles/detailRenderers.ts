/**
 * Renderers of profile-owned trace details, looked up by the detail's `profile` and `type` in the UI
 * modules (features/profiles/<name>/module.tsx lists its own); shared panels never switch on a name.
 * kube-batch records its details under `volcano` and shares Volcano's renderers.
 */
import type { ProfileDetail } from '../../engine/model/trace';
import type { DetailRenderer } from './rendererFor';
import { UI_MODULES } from './uiRegistry';

export function detailRenderer(detail: ProfileDetail): DetailRenderer | null {
  const module = UI_MODULES.find((m) => m.name === detail.profile);
  return module?.detailRenderers[detail.type] ?? null;
}
