import { describe, expect, it } from 'vitest';
import { formatUrlState, parseUrlState } from './urlState';

describe('urlState', () => {
  it('round-trips scenario, session and selection', () => {
    const state = { scenario: 'welcome', session: 3, selection: { kind: 'job' as const, name: 'train b&c' } };
    const search = formatUrlState(state);
    expect(search).toBe('?scenario=welcome&session=3&job=train+b%26c');
    expect(parseUrlState(search)).toEqual(state);
  });

  it('ignores junk and keeps unrelated parameters', () => {
    expect(parseUrlState('?session=-2&job=&scenario=')).toEqual({
      scenario: null,
      session: null,
      selection: null,
    });
    expect(formatUrlState({ scenario: 'x', session: null, selection: null }, '?lang=en&session=9')).toBe(
      '?lang=en&scenario=x',
    );
  });
});
