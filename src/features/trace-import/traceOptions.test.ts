import { describe, expect, it } from 'vitest';
import { defaultTraceOptions, placeTraceErrors, readTraceOptions } from './traceOptions';

describe('placeTraceErrors', () => {
  it('puts option errors under their field without the repeated path, and keeps file errors listed', () => {
    const file = { message: 'the Philly job log is not JSON text', line: null, field: null };
    const located = { message: 'submit_time: not a time', line: 4, field: 'submit_time' };
    expect(
      placeTraceErrors([
        { message: 'gpusPerNode: a whole number from 1 to 128, got 300', line: null, field: 'gpusPerNode' },
        { message: 'window: the window must end after it starts', line: null, field: 'window' },
        file,
        located,
      ]),
    ).toEqual({
      fields: {
        gpusPerNode: 'a whole number from 1 to 128, got 300',
        windowTo: 'the window must end after it starts',
      },
      file: [file, located],
    });
  });
});

describe('readTraceOptions', () => {
  it('reads the defaults as the engine defaults, with the format chosen', () => {
    expect(readTraceOptions(defaultTraceOptions('helios'))).toEqual({
      ok: true,
      options: { format: 'helios', quotaRule: 'peak-share', compress: 1, gpusPerNode: 8 },
    });
  });

  it('reads every field: a window of durations, sampling with its seed, nodes', () => {
    const form = {
      ...defaultTraceOptions('philly'),
      compress: '24',
      windowFrom: '2h',
      windowTo: '1d',
      firstJobs: '500',
      fraction: '0.25',
      seed: '7',
      quotaRule: 'none' as const,
      gpusPerNode: '4',
      nodes: '12',
    };
    expect(readTraceOptions(form)).toEqual({
      ok: true,
      options: {
        format: 'philly',
        quotaRule: 'none',
        compress: 24,
        window: { fromMs: 7_200_000, toMs: 86_400_000 },
        firstJobs: 500,
        fraction: 0.25,
        seed: 7,
        gpusPerNode: 4,
        nodes: 12,
      },
    });
  });

  it('names each field that is not of its kind', () => {
    const form = {
      ...defaultTraceOptions('pai'),
      compress: '0',
      windowFrom: '3h',
      windowTo: '1h',
      firstJobs: '2.5',
      fraction: '1.5',
      gpusPerNode: 'eight',
      nodes: '-1',
    };
    const result = readTraceOptions(form);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(
      ['compress', 'firstJobs', 'fraction', 'gpusPerNode', 'nodes', 'windowTo'].sort(),
    );
    expect(result.errors.compress).toContain('above 0');
    expect(result.errors.windowTo).toBe('the window ends after it starts');
  });

  it('refuses a window bound that is no duration', () => {
    const result = readTraceOptions({ ...defaultTraceOptions('pai'), windowFrom: 'noon' });
    expect(result).toEqual({
      ok: false,
      errors: { windowFrom: 'a duration of trace time such as 2h or 1d, not "noon"' },
    });
  });
});
