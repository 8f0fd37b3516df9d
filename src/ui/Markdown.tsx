/**
 * A deliberately small markdown renderer for lesson texts: paragraphs, headings, bullet and numbered
 * lists, **bold**, *italic*, `code` and http(s) links. It builds React elements from the text, so a
 * scenario can never inject HTML, and an unknown construct simply shows as its source text.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { MONO_FONT } from './theme';

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flushParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const flushList = () => {
    if (list !== null) blocks.push({ kind: 'list', ...list });
    list = null;
  };
  for (const rawLine of source.split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    const numbered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (line === '') {
      flushParagraph();
      flushList();
    } else if (heading) {
      flushParagraph();
      flushList();
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    } else if (bullet || numbered) {
      flushParagraph();
      const ordered = numbered !== null;
      if (list === null || list.ordered !== ordered) {
        flushList();
        list = { ordered, items: [] };
      }
      list.items.push((bullet ?? numbered)![1]!);
    } else if (list !== null && /^\s{2,}/.test(rawLine)) {
      // Continuation line of a list item.
      const items = list.items;
      items[items.length - 1] = `${items[items.length - 1] ?? ''} ${line}`;
    } else {
      flushList();
      paragraph.push(line);
    }
  }
  flushParagraph();
  flushList();
  return blocks;
}

/**
 * Inline constructs. Every repeated part stops at the character that starts another attempt of its own
 * alternative (a link label cannot contain `[`, a link target neither `[` nor `(`), so that the engine
 * never rescans the rest of the text from each position: 160,000 `[` took 9 s or more when a label ran
 * to the next `]` anywhere. Matching is linear in the text.
 */
const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_|\[[^[\]]+\]\([^()[\]\s]+\))/g;

/**
 * Decorates runs of plain text (outside code and links), e.g. to explain glossary terms. It must itself be
 * linear in the text, like the inline pattern.
 */
export type TextDecorator = (text: string) => ReactNode[];

export function renderInline(text: string, decorate?: TextDecorator): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let key = 0;
  const push = (plain: string) =>
    out.push(decorate === undefined ? plain : <Fragment key={key++}>{decorate(plain)}</Fragment>);
  const inner = (plain: string) => (decorate === undefined ? plain : decorate(plain));
  for (const match of text.matchAll(INLINE)) {
    const token = match[0];
    const at = match.index;
    if (at > last) push(text.slice(last, at));
    if (token.startsWith('**')) out.push(<strong key={key++}>{inner(token.slice(2, -2))}</strong>);
    else if (token.startsWith('`'))
      out.push(
        <Box
          component="code"
          key={key++}
          sx={{
            fontFamily: MONO_FONT,
            fontSize: '0.92em',
            px: 0.4,
            borderRadius: 0.5,
            bgcolor: 'action.hover',
          }}
        >
          {token.slice(1, -1)}
        </Box>,
      );
    else if (token.startsWith('[')) {
      const link = /^\[([^[\]]+)\]\(([^()[\]\s]+)\)$/.exec(token);
      const href = link?.[2] ?? '';
      if (link && /^https?:\/\//.test(href))
        out.push(
          <Link key={key++} href={href} target="_blank" rel="noreferrer noopener">
            {link[1]}
          </Link>,
        );
      else out.push(token);
    } else out.push(<em key={key++}>{inner(token.slice(1, -1))}</em>);
    last = at + token.length;
  }
  if (last < text.length) push(text.slice(last));
  return out;
}

export function Markdown({ source, decorate }: { source: string; decorate?: TextDecorator }) {
  return (
    <Box sx={{ '& > *:first-of-type': { mt: 0 } }}>
      {parseBlocks(source).map((block, i) => {
        switch (block.kind) {
          case 'heading':
            return (
              <Typography
                key={i}
                component={`h${Math.min(6, block.level + 2)}` as 'h3'}
                variant="h3"
                sx={{ mt: 2, mb: 1 }}
              >
                {renderInline(block.text, decorate)}
              </Typography>
            );
          case 'paragraph':
            return (
              <Typography key={i} variant="body1" sx={{ mb: 1.25, lineHeight: 1.55 }}>
                {renderInline(block.text, decorate)}
              </Typography>
            );
          case 'list':
            return (
              <Box key={i} component={block.ordered ? 'ol' : 'ul'} sx={{ mt: 0, mb: 1.25, pl: 3 }}>
                {block.items.map((item, j) => (
                  <Typography key={j} component="li" variant="body1" sx={{ lineHeight: 1.55 }}>
                    {renderInline(item, decorate)}
                  </Typography>
                ))}
              </Box>
            );
          default:
            return null;
        }
      })}
    </Box>
  );
}
