import { describe, expect, it } from 'vitest';
import { formatViewParams, parseViewParams } from './viewParams';

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
});
