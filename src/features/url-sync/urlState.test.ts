import { describe, expect, it } from 'vitest';
import { formatShareHash, formatUrlState, parseUrlState, type UrlState } from './urlState';

const none: UrlState = { scenario: null, session: null, selection: null, pair: null, mine: null };

describe('urlState', () => {
  it('round-trips scenario, session and selection', () => {
    const state: UrlState = {
      ...none,
      scenario: 'welcome',
      session: 3,
      selection: { kind: 'job', name: 'train b&c' },
    };
    const search = formatUrlState(state);
    expect(search).toBe('?scenario=welcome&session=3&job=train+b%26c');
    expect(parseUrlState(search)).toEqual(state);
  });

  it('round-trips a preemptor/victim pair and a My scenarios id', () => {
    const state: UrlState = {
      scenario: 'custom',
      mine: 'm-1',
      session: 4,
      selection: { kind: 'job', name: 'victim.a' },
      pair: { session: 4, attempt: 2, preemptor: 'pre.b', victim: 'victim.a' },
    };
    expect(parseUrlState(formatUrlState(state))).toEqual(state);
  });

  it('drops a pair whose victim is not the selected job', () => {
    expect(parseUrlState('?job=x&pair=1.0&preemptor=a&victim=y').pair).toBeNull();
  });

  it('ignores junk and keeps unrelated parameters', () => {
    expect(parseUrlState('?session=-2&job=&scenario=')).toEqual(none);
    expect(formatUrlState({ ...none, scenario: 'x' }, '?lang=en&session=9')).toBe('?lang=en&scenario=x');
  });

  it('sets and clears the share fragment, keeping other fragment keys', () => {
    expect(formatShareHash('1.abc', '#embed')).toBe('#embed&share=1.abc');
    expect(formatShareHash(null, '#embed&share=1.abc')).toBe('#embed');
    expect(formatShareHash(null, '#share=1.abc')).toBe('');
  });
});
