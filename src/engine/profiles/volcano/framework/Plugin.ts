/**
 * Volcano plugins and actions. A plugin is built per session from its configuration and registers
 * callbacks on the session when it opens (each callback governed by the plugin's enable flag for that
 * extension point); an action runs once per session in the configured order.
 */
import type { PluginHandle } from '../../../framework/ExtensionRegistry';
import type { PluginConfig } from '../../../model/scenario';
import type { Dialect, VolcanoSession } from './Session';

export interface VolcanoPlugin {
  readonly name: string;
  onSessionOpen(ssn: VolcanoSession, self: PluginHandle): void;
  onSessionClose?(ssn: VolcanoSession): void;
}

export type VolcanoPluginFactory = (config: PluginConfig, dialect: Dialect) => VolcanoPlugin;

export interface VolcanoAction {
  readonly name: string;
  execute(ssn: VolcanoSession): void;
}

export type VolcanoActionFactory = (dialect: Dialect) => VolcanoAction;
