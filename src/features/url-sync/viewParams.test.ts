import { describe, expect, it } from 'vitest';
import { formatViewParams, parseCompareParam, parseViewParams } from './viewParams';

describe('view parameters', () => {
  it('round-trip the chosen main view and presenter mode, keeping other parameters', () => {
    const search = formatViewParams({ view: 'stage', isPresenting: true }, '?scenario=welcome&session=3');
    expect(search).toBe('?scenario=welcome&session=3&view=stage&present=1');
    expect(parseViewParams(search)).toEqual({ view: 'stage', isPresenting: true });
  });

  it('leave the defaults out of the URL and ignore unknown views', () => {
    expect(formatViewParams({ view: null, isPresenting: false }, '?view=jobs&present=1&a=b')).toBe('?a=b');
    expect(parseViewParams('?view=nope&present=yes')).toEqual({ view: null, isPresenting: false });
  });

  it('open the Compare view on `compare=` profiles, and drop them when another view is chosen', () => {
    expect(parseViewParams('?scenario=welcome&compare=kai,volcano&view=jobs')).toEqual({
      view: 'compare',
      isPresenting: false,
    });
    expect(parseCompareParam('?compare=kai,%20volcano,')).toEqual(['kai', 'volcano']);
    expect(parseCompareParam('?scenario=welcome')).toBeNull();
    const kept = '?scenario=welcome&compare=kai%2Cvolcano&view=compare';
    expect(formatViewParams({ view: 'compare', isPresenting: false }, kept)).toBe(kept);
    expect(formatViewParams({ view: 'jobs', isPresenting: false }, kept)).toBe('?scenario=welcome&view=jobs');
  });
});
