import type { ComponentType } from 'react';
import type { ProfileDetail } from '../../engine/model/trace';

/** A renderer receives the detail as recorded. */
export type DetailRenderer = ComponentType<{ detail: ProfileDetail }>;

/**
 * Registers a component for one detail type: the map key (profile, type) guarantees the detail it receives
 * has that type, so the component may declare the profile's own interface.
 */
export function rendererFor<T extends ProfileDetail>(
  component: ComponentType<{ detail: T }>,
): DetailRenderer {
  return component as unknown as DetailRenderer;
}
