/**
 * The one list of the views' profile modules (decision 0279), in the engine registry's order. A new
 * profile is its UI folder and one line here. Views look a module up by the loaded scenario's profile name.
 */
import type { ProfileUiModule } from './ProfileUiModule';
import { kaiUi } from './kai/module';
import { kubeBatchUi, volcanoUi } from './volcano/module';
import { kueueUi } from './kueue/module';

export const UI_MODULES = [kaiUi, volcanoUi, kubeBatchUi, kueueUi] as const;

/** The module of `profile`; the first (default) profile's when there is no scenario or the name is unknown. */
export function uiModuleOf(profile: string | null | undefined): ProfileUiModule {
  return UI_MODULES.find((m) => m.name === profile) ?? UI_MODULES[0];
}

/** Every profile name, in registry order (the editor's completion). */
export function uiProfileNames(): string[] {
  return UI_MODULES.map((m) => m.name);
}
