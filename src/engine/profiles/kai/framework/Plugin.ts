/**
 * Plugins and actions. A plugin is built once per session from its scenario configuration and registers
 * callbacks on the session's extension points when it opens; an action runs once per session, in the
 * configured order. `engine/registry.ts` maps names to factories.
 */
import type { PluginConfig } from '../../../model/scenario';
import type { Session } from './Session';

export interface Plugin {
  readonly name: string;
  onSessionOpen(ssn: Session): void;
  onSessionClose?(ssn: Session): void;
}

export type PluginFactory = (config: PluginConfig) => Plugin;

export interface Action {
  readonly name: string;
  execute(ssn: Session): void;
}

export type ActionFactory = () => Action;
