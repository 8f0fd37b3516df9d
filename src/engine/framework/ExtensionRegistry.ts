/**
 * A typed registry of extension points for profiles whose plugins sit in tiers with per-extension-point
 * enable flags (Volcano, kube-batch). Each callback keeps the plugin that registered it, its tier and
 * whether the plugin's flag for that point is on; `tiers(point)` hands the enabled ones, grouped by tier in
 * configured order, to a rule of `combine.ts`.
 */
import type { Registered, Tiers } from './combine';

/** The plugin as configured: its name, tier (1-based) and enable flags (absent key = default). */
export interface PluginHandle {
  readonly name: string;
  readonly tier: number;
  readonly flags: Readonly<Record<string, boolean>>;
}

/**
 * @typeParam P - map from extension-point name to callback type.
 */
export class ExtensionRegistry<P extends object> {
  private readonly byPoint = new Map<keyof P, Registered<unknown>[][]>();
  private readonly disabled = new Map<keyof P, Registered<unknown>[]>();

  /**
   * @param tierCount - number of configured tiers.
   * @param flagOf - the enable flag that governs a point (null: always on, like Volcano's JobValid).
   * @param flagDefault - value of a flag the configuration does not set (Volcano ConfigMap: true).
   */
  constructor(
    private readonly tierCount: number,
    private readonly flagOf: (point: keyof P) => string | null,
    private readonly flagDefault = true,
  ) {}

  /** Whether `plugin` has the extension point `point` switched on. */
  isEnabled(plugin: PluginHandle, point: keyof P): boolean {
    const flag = this.flagOf(point);
    if (flag === null) return true;
    return plugin.flags[flag] ?? this.flagDefault;
  }

  /** Registers `fn`; a callback whose flag is off is kept aside (listed by `disabledOn`, never called). */
  add<K extends keyof P>(point: K, plugin: PluginHandle, fn: P[K]): void {
    const reg: Registered<unknown> = { plugin: plugin.name, tier: plugin.tier, fn };
    if (!this.isEnabled(plugin, point)) {
      const list = this.disabled.get(point) ?? [];
      list.push(reg);
      this.disabled.set(point, list);
      return;
    }
    let tiers = this.byPoint.get(point);
    if (!tiers) {
      tiers = Array.from({ length: this.tierCount }, () => []);
      this.byPoint.set(point, tiers);
    }
    (tiers[plugin.tier - 1] as Registered<unknown>[]).push(reg);
  }

  /** Enabled callbacks of `point`, one array per configured tier (empty tiers included). */
  tiers<K extends keyof P>(point: K): Tiers<P[K]> {
    return (this.byPoint.get(point) ?? EMPTY) as Tiers<P[K]>;
  }

  /** True when at least one enabled callback is registered on `point`. */
  has(point: keyof P): boolean {
    return (this.byPoint.get(point) ?? EMPTY).some((t) => t.length > 0);
  }

  /** Plugins that registered `point` but have its flag off (for explanations). */
  disabledOn(point: keyof P): string[] {
    return (this.disabled.get(point) ?? []).map((r) => r.plugin);
  }
}

const EMPTY: Registered<unknown>[][] = [];
