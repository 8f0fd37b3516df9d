// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Markdown, parseBlocks, renderInline } from './Markdown';

afterEach(cleanup);

describe('Markdown', () => {
  it('renders headings, lists, emphasis and code from lesson text', () => {
    const { container } = render(
      <Markdown
        source={
          '## What to watch\n\n1. Session **3**: `sweep-1` is *reclaimed*\n2. Then it runs\n\nA paragraph\ncontinued.'
        }
      />,
    );
    expect(container.querySelector('h4')?.textContent).toBe('What to watch');
    expect([...container.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual([
      'Session 3: sweep-1 is reclaimed',
      'Then it runs',
    ]);
    expect(container.querySelector('strong')?.textContent).toBe('3');
    expect(container.querySelector('code')?.textContent).toBe('sweep-1');
    expect(container.querySelector('p:last-of-type')?.textContent).toBe('A paragraph continued.');
  });

  it('never turns scenario text into HTML, and links only to http(s)', () => {
    const { container } = render(
      <Markdown
        source={
          '<img src=x onerror=alert(1)> <script>x()</script> [ok](https://example.com) [bad](javascript:alert(1))'
        }
      />,
    );
    expect(container.querySelector('img, script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
    expect(container.textContent).toContain('[bad](javascript:alert(1))');
  });

  it('splits blocks on blank lines and keeps list continuation lines', () => {
    expect(parseBlocks('- one\n  more\n- two\n\ntext')).toEqual([
      { kind: 'list', ordered: false, items: ['one more', 'two'] },
      { kind: 'paragraph', text: 'text' },
    ]);
  });

  it('renders unmatched brackets as text: inline matching never rescans the rest of the line', () => {
    const brackets = '['.repeat(160_000);
    expect(renderInline(brackets)).toEqual([brackets]);
    const openLinks = '[a]('.repeat(40_000);
    expect(renderInline(openLinks)).toEqual([openLinks]);
  });

  it('still renders a link whose label follows other brackets', () => {
    const { container } = render(<Markdown source={'[[x [see](https://example.com/a_b)'} />);
    expect([...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['see', 'https://example.com/a_b'],
    ]);
    expect(container.textContent).toBe('[[x see');
  });
});
