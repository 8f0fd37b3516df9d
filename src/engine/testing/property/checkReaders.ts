/**
 * Every reader reads a text the same way (issue 18, "readers that disagree"): `parseScenario` (fast JSON and
 * block-YAML paths) and `parseScenarioLocated` (the yaml package's located reading) accept and reject the
 * same texts and give the same scenario; and a text with CRLF, lone CR or mixed line ends reads as its LF
 * text (YAML 1.2 §5.4 counts CR LF, CR and LF alike as line breaks; JSON's whitespace includes CR). The
 * runner reads a file's UTF-8 into this same `parseScenario`, the app a file's or editor's text: the
 * CLI fuzz (src/cli/fuzz) compares those two readings of the file bytes too.
 */
import { formatIssue, parseScenario } from '../../index';
import { parseScenarioLocated, type ParseResult } from '../../scenario/parseScenario';
import type { Violation } from './invariants';

/** JSON of a parse result without source lines (which the line ends and the readers may place apart). */
export function readingOf(r: ParseResult): string {
  if (!r.ok) return `rejected: ${r.errors.map((e) => `${e.path} ${e.code}`).join('; ')}`;
  return JSON.stringify(r.scenario, (key, value: unknown) => (key === 'line' ? undefined : value));
}

const summary = (r: ParseResult) =>
  r.ok ? 'accepted' : `rejected (${r.errors.slice(0, 2).map(formatIssue).join('; ')})`;

export function checkReaders(text: string, parsed: ParseResult, out: Violation[]): void {
  const located = parseScenarioLocated(text);
  if (readingOf(located) !== readingOf(parsed))
    out.push({
      invariant: 'readers-agree',
      session: null,
      message: `parseScenario ${summary(parsed)} but the located reading ${summary(located)}${
        parsed.ok && located.ok ? ', with a different scenario' : ''
      }`,
    });
  if (!text.includes('\r')) return;
  const lf = parseScenario(text.replace(/\r\n?/g, '\n'));
  if (readingOf(lf) !== readingOf(parsed))
    out.push({
      invariant: 'readers-agree',
      session: null,
      message: `with its CR line ends the text is ${summary(parsed)}; with LF it is ${summary(lf)}${
        parsed.ok && lf.ok ? ', with a different scenario' : ''
      }`,
    });
}
