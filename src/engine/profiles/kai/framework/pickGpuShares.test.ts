/**
 * NodeInfo.pickGpus with a device count (a GPU-memory request on several devices, §23.3, decision 0257):
 * `devices` distinct devices with room for `gpu / devices` each, fullest first, ties to the lowest index;
 * all or nothing; a share of 1 is whole devices; an unconstrained node makes new devices.
 */
import { describe, expect, it } from 'vitest';
import type { NodeSpec } from '../../../model/scenario';
import { NodeInfo } from './NodeInfo';

const spec = (gpu: number): NodeSpec => ({
  name: 'n',
  resources: { gpu, cpu: Infinity, memory: Infinity, pods: Infinity },
  labels: {},
});
const zero = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
/** Slots with shares rounded: the share is gpu / devices, exact only to the engine's EPSILON. */
const rounded = (slots: { index: number; share: number }[] | null) =>
  slots?.map((s) => ({ index: s.index, share: Math.round(s.share * 1e9) / 1e9 })) ?? null;

describe('pickGpus on several devices', () => {
  it('takes the fullest devices with room first, then the lowest free ones', () => {
    const n = new NodeInfo(spec(4));
    n.account('used', { ...zero, gpu: 0.5 }, [{ index: 2, share: 0.5 }], 1);
    n.account('used', { ...zero, gpu: 0.7 }, [{ index: 0, share: 0.7 }], 1);
    // Device 0 has 0.3 left (too little for 0.4), device 2 has 0.5: it goes first, then 1 and 3.
    expect(rounded(n.pickGpus(1.2, 'idle', 3))).toEqual([
      { index: 1, share: 0.4 },
      { index: 2, share: 0.4 },
      { index: 3, share: 0.4 },
    ]);
    expect(n.fits({ ...zero, gpu: 1.2 }, 'idle', 3)).toBe(true);
  });
  it('is all or nothing: fewer devices with room than asked is no fit, even with enough GPU in total', () => {
    const n = new NodeInfo(spec(2));
    n.account('used', { ...zero, gpu: 0.7 }, [{ index: 0, share: 0.7 }], 1);
    expect(n.pickGpus(0.8, 'idle', 2)).toBeNull();
    expect(n.fits({ ...zero, gpu: 0.8 }, 'idle', 2)).toBe(false);
    // The same total on one device fits: the count is what differs.
    expect(n.fits({ ...zero, gpu: 0.8 }, 'idle', 1)).toBe(true);
  });
  it('a share of a whole device takes whole free devices', () => {
    const n = new NodeInfo(spec(3));
    n.account('used', { ...zero, gpu: 0.1 }, [{ index: 0, share: 0.1 }], 1);
    expect(n.pickGpus(2, 'idle', 2)).toEqual([
      { index: 1, share: 1 },
      { index: 2, share: 1 },
    ]);
  });
  it('counts releasing room only in future mode', () => {
    const n = new NodeInfo(spec(2));
    // An evicted task's share is releasing (no longer used) until it is gone.
    n.account('releasing', { ...zero, gpu: 0.8 }, [{ index: 1, share: 0.8 }], 1);
    expect(n.pickGpus(1, 'idle', 2)).toBeNull();
    expect(n.pickGpus(1, 'future', 2)).toEqual([
      { index: 0, share: 0.5 },
      { index: 1, share: 0.5 },
    ]);
  });
  it('an unconstrained node adds new devices for what the existing ones lack', () => {
    const n = new NodeInfo(spec(Infinity));
    expect(rounded(n.pickGpus(0.9, 'idle', 3))).toEqual([
      { index: 0, share: 0.3 },
      { index: 1, share: 0.3 },
      { index: 2, share: 0.3 },
    ]);
  });
});
