import { describe, expect, it } from 'vitest';
import { findBuiltinScenario } from '../../scenarios/builtinScenarios';
import { urlStateFrom } from '../url-sync/useUrlSync';
import { buildShareLink } from './buildShareLink';
import { decodeShareFragment, findShareFragment, LINK_MAX_LENGTH } from './shareLink';

const BASE = 'https://lab.example/';
const lca1 = findBuiltinScenario('lca-1')!.text;
const pair = { session: 2, attempt: 0, preemptor: 'job-c', victim: 'job-a' };

describe('the link Share copies', () => {
  it('a built-in scenario as it ships is a short link by id, with session, selection and pair', () => {
    const source = { kind: 'builtin' as const, id: 'lca-1' };
    const link = buildShareLink(
      { source, loadedText: lca1, place: urlStateFrom(source, 2, { kind: 'job', name: 'job-a' }, pair) },
      BASE,
    );
    expect(link).toEqual({
      kind: 'builtin',
      fits: true,
      url: `${BASE}?scenario=lca-1&session=2&job=job-a&pair=2.0&preemptor=job-c&victim=job-a`,
    });
  });

  it('a scenario of My scenarios travels in the fragment, never as an id the recipient lacks', () => {
    const source = { kind: 'custom' as const, savedId: 'abc' };
    const text = `${lca1}\n# my change\n`;
    const link = buildShareLink(
      { source, loadedText: text, place: urlStateFrom(source, 3, null, null) },
      BASE,
    );
    expect(link?.kind).toBe('scenario');
    expect(link?.url).not.toContain('abc');
    const decoded = decodeShareFragment(findShareFragment(new URL(link!.url).hash) ?? '');
    expect(decoded.ok && decoded.shared).toMatchObject({ text, session: 3 });
  });

  it('a scenario too long for a link is offered as a file', () => {
    const source = { kind: 'custom' as const };
    // Text that does not compress: names from a generator.
    let seed = 7;
    const noise = Array.from({ length: 1500 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return `  - {name: q${seed.toString(36)}}`;
    }).join('\n');
    const link = buildShareLink(
      {
        source,
        loadedText: `version: 1\nnodes: []\nqueues:\n${noise}\n`,
        place: urlStateFrom(source, 1, null, null),
      },
      BASE,
    );
    expect(link?.url.length).toBeGreaterThan(LINK_MAX_LENGTH);
    expect(link?.fits).toBe(false);
  });
});
