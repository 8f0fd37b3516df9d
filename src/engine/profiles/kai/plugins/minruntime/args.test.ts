import { describe, expect, it } from 'vitest';
import { parseMinRuntimeArgs } from './args';

describe('parseMinRuntimeArgs', () => {
  it('defaults to 0s / 0s / lca without warnings when no argument is given', () => {
    expect(parseMinRuntimeArgs({})).toEqual({
      defaultPreemptMinRuntimeMs: 0,
      defaultReclaimMinRuntimeMs: 0,
      reclaimResolveMethod: 'lca',
      warnings: [],
    });
  });

  it.each([
    ['2s', 2_000],
    ['10m', 600_000],
    ['1h30m', 5_400_000],
    ['2d4h30m', (2 * 24 + 4) * 3_600_000 + 30 * 60_000],
    ['5w4d12h', (5 * 7 + 4) * 86_400_000 + 12 * 3_600_000],
    ['1.5s', 1_500],
    ['1.5d', 36 * 3_600_000],
    ['500ms', 500],
    ['0', 0],
    ['0s', 0],
    ['+3s', 3_000],
  ])('parses str2duration text %s', (text, ms) => {
    const args = parseMinRuntimeArgs({ defaultPreemptMinRuntime: text, defaultReclaimMinRuntime: text });
    expect(args.defaultPreemptMinRuntimeMs).toBe(ms);
    expect(args.defaultReclaimMinRuntimeMs).toBe(ms);
    expect(args.warnings).toEqual([]);
  });

  it.each([
    ['-5s', /negative/],
    ['abc', /not a valid duration/],
    ['', /not a valid duration/],
    ['5', /not a valid duration/],
    ['5 s', /not a valid duration/],
    [' 5s', /spaces/],
    ['5S', /not a valid duration/],
  ])('turns %j into 0 with a warning', (text, pattern) => {
    const args = parseMinRuntimeArgs({ defaultReclaimMinRuntime: text, defaultPreemptMinRuntime: '7s' });
    expect(args.defaultReclaimMinRuntimeMs).toBe(0);
    expect(args.defaultPreemptMinRuntimeMs).toBe(7_000);
    expect(args.warnings).toHaveLength(1);
    expect(args.warnings[0]).toMatch(/^defaultReclaimMinRuntime /);
    expect(args.warnings[0]).toMatch(pattern);
    expect(args.warnings[0]).toMatch(/uses 0s/);
  });

  it.each([[5], [true], [null], [{ seconds: 5 }], [['5s']]])(
    'does not read the non-string value %j as seconds: 0 with a warning',
    (value) => {
      const args = parseMinRuntimeArgs({ defaultPreemptMinRuntime: value });
      expect(args.defaultPreemptMinRuntimeMs).toBe(0);
      expect(args.warnings).toHaveLength(1);
      expect(args.warnings[0]).toMatch(/^defaultPreemptMinRuntime .*uses 0s/);
    },
  );

  it('warns once per bad argument', () => {
    const args = parseMinRuntimeArgs({
      defaultPreemptMinRuntime: 'abc',
      defaultReclaimMinRuntime: '-1m',
      reclaimResolveMethod: 'LCA',
    });
    expect(args).toMatchObject({
      defaultPreemptMinRuntimeMs: 0,
      defaultReclaimMinRuntimeMs: 0,
      reclaimResolveMethod: 'lca',
    });
    expect(args.warnings).toHaveLength(3);
  });

  describe('reclaimResolveMethod', () => {
    it.each([
      [{}, 'lca'],
      [{ reclaimResolveMethod: '' }, 'lca'],
      [{ reclaimResolveMethod: null }, 'lca'],
      [{ reclaimResolveMethod: 'lca' }, 'lca'],
      [{ reclaimResolveMethod: 'queue' }, 'queue'],
    ] as const)('%j -> %s without a warning', (raw, method) => {
      const args = parseMinRuntimeArgs(raw);
      expect(args.reclaimResolveMethod).toBe(method);
      expect(args.warnings).toEqual([]);
    });

    // Upstream compares the text exactly, so case and spaces matter.
    it.each([['QUEUE'], ['Queue'], ['LCA'], [' queue'], ['leaf'], [1]])(
      '%j -> lca with a warning',
      (value) => {
        const args = parseMinRuntimeArgs({ reclaimResolveMethod: value });
        expect(args.reclaimResolveMethod).toBe('lca');
        expect(args.warnings).toHaveLength(1);
        expect(args.warnings[0]).toMatch(/^reclaimResolveMethod .*neither "lca" nor "queue".*uses "lca"/);
      },
    );
  });

  it('ignores unknown keys, as upstream does', () => {
    expect(parseMinRuntimeArgs({ somethingElse: 'x', defaultPreemptMinRuntime: '1s' })).toEqual({
      defaultPreemptMinRuntimeMs: 1_000,
      defaultReclaimMinRuntimeMs: 0,
      reclaimResolveMethod: 'lca',
      warnings: [],
    });
  });
});
