/**
 * Entry point of the scenario module: YAML (or JSON, which is YAML) text to a normalised scenario, or
 * every error of the document with its field path and line.
 */
import { deepestLine } from './deepestLine';
import { LineCounter, parseDocument, type Document, type YAMLError } from 'yaml';
import type { IssueCode, ParseResult, ScenarioIssue } from './issues';
import { normaliseWithLocator, type NormaliseOptions } from './normaliseScenarioDocument';
import { sortIssues } from './IssueSink';
import { readJsonFast } from './readJsonFast';
import { readYamlFast, type ItemStarts } from './readYamlFast';
import { createFastLocator } from './fastLocator';
import { ISSUE_CATALOGUE } from './issues';
import { createYamlLocator } from './yamlLocator';
import { findDuplicateKeys } from './duplicateKeys';
import { findRecursiveAlias } from './recursiveAliases';
import { MAX_NESTING, MAX_TEXT_LENGTH } from './limits';
import { normaliseLineBreaks } from './lineBreaks';
import { findKeysNotText } from './keysNotText';
import { looksLikeKubernetesYaml } from './looksLikeKubernetesYaml';

export { normaliseScenarioDocument } from './normaliseScenarioDocument';
export { formatIssue, type ParseResult, type ScenarioIssue } from './issues';

/**
 * Upper bound on alias expansion when converting YAML to data: a few aliases that expand to each
 * other many times over ("billion laughs") must not hang the tab.
 */
const MAX_ALIAS_COUNT = 100;

/**
 * Parses scenario text. YAML syntax errors stop here (with line and column); otherwise the document is
 * normalised and cross-checked as by `normaliseScenarioDocument`, with every issue located in the text.
 */
export function parseScenario(written: string, options: NormaliseOptions = {}): ParseResult {
  if (written.length > MAX_TEXT_LENGTH) {
    const info = ISSUE_CATALOGUE['too-large'];
    const message = `a scenario is at most ${MAX_TEXT_LENGTH} characters (16 MiB), got ${written.length}`;
    return {
      ok: false,
      errors: [{ code: 'too-large', path: '', message, line: null, column: null, hint: info.hint }],
    };
  }
  // Every reader below sees LF line breaks only (lineBreaks.ts).
  const text = normaliseLineBreaks(written);
  return parseScenarioFast(text, options) ?? parseScenarioLocated(text, options);
}

/**
 * `parseScenario`'s fast paths: plain JSON, or block YAML in the subset readYamlFast knows, read without the
 * yaml package's syntax tree and normalised. Null when the text is outside them, or when the result has
 * anything to report or asks for a line they do not know; the located reading then gives the result.
 * Exported for the tests that hold the two readings to the same result.
 */
export function parseScenarioFast(text: string, options: NormaliseOptions = {}): ParseResult | null {
  const starts: ItemStarts = new WeakMap();
  const json = readJsonFast(text);
  const plain = json ?? readYamlFast(text, starts);
  if (plain === null) return null;
  // Lesson steps, their choices and `expect` entries keep their source lines: the fast YAML reading knows
  // where each begins (fastLocator.ts, decision 0381). Anything else that asks for a line (every issue
  // reported, and every line of JSON) is read the located way: the fast normalising stops there, instead of
  // going on over a document whose result is thrown away (a 680 KB text of 20,000 sibling queues took 2.1-2.3
  // s of CPU, normalised twice, once the fast paths read scenarios with `expect` checks).
  const stop = (): never => {
    throw LOCATED_READING_NEEDED;
  };
  const locate = json === null ? createFastLocator(text, plain, starts, stop) : stop;
  let fast: ParseResult;
  try {
    fast = normaliseWithLocator(plain, options, locate);
  } catch (error) {
    if (error === LOCATED_READING_NEEDED) return null;
    throw error;
  }
  // A report at a lesson step or check has a line here, but it too is reported from the located reading.
  return fast.ok && fast.warnings.length === 0 ? fast : null;
}

/** Thrown (one shared object, no stack) out of the fast normalising when a line it lacks is asked for. */
const LOCATED_READING_NEEDED = Object.freeze({ locatedReadingNeeded: true });

/**
 * `parseScenario` without its fast paths: the text read by the yaml package into a located syntax tree, so
 * that every issue gets its line. `parseScenario` gives the same result whenever it takes a fast path
 * (readYamlFast.test.ts compares the two on every scenario file of the project and on mutated ones).
 */
export function parseScenarioLocated(written: string, options: NormaliseOptions = {}): ParseResult {
  if (written.length > MAX_TEXT_LENGTH) return parseScenario(written, options);
  const text = normaliseLineBreaks(written);
  const lineCounter = new LineCounter();
  let doc: Document;
  let data: unknown;
  try {
    // A repeated key is an error rather than a silent override; it is found by findDuplicateKeys, in
    // linear time, rather than by the yaml package's quadratic `uniqueKeys` check.
    doc = parseWithoutStacks(text, lineCounter);
    const toIssue = (error: YAMLError, code: IssueCode) =>
      error.code === 'MULTIPLE_DOCS'
        ? multipleDocuments(error.pos[0], text, lineCounter)
        : yamlIssue(error.pos[0], error.message, code, lineCounter);
    // A key that is not plain text (a list, a mapping, null) has no field name to read: reported at the
    // key, before converting to data would turn it into text such as "[ a ]" and lose its position.
    const duplicates = [...findDuplicateKeys(doc), ...findKeysNotText(doc)].map((d) =>
      yamlIssue(d.offset, d.message, 'yaml-syntax', lineCounter),
    );
    // The yaml package records its own stack overflow as a parse error (among hundreds of follow-ups).
    if (doc.errors.some((e) => /call stack/i.test(e.message))) throw new RangeError('nesting');
    if (doc.errors.length > 0 || duplicates.length > 0)
      return {
        ok: false,
        errors: firstSyntaxIssues(
          sortIssues([...doc.errors.map((e) => toIssue(e, 'yaml-syntax')), ...duplicates]),
        ),
      };
    const recursive = findRecursiveAlias(doc);
    if (recursive !== null)
      return {
        ok: false,
        errors: [yamlIssue(recursive.offset, recursive.message, 'yaml-syntax', lineCounter)],
      };
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    // The yaml package recurses per nesting level: thousands of nested `[` or `- ` overflow its stack
    // before our own nesting limit (checkDocumentShape) can see the data.
    const message = yamlReadFailure(error, 'the document');
    const code: IssueCode = error instanceof RangeError ? 'too-large' : 'yaml-syntax';
    // The reader gives no position for its overflow: point at the line where the text nests deepest.
    const line = code === 'too-large' ? deepestLine(text, MAX_NESTING) : aliasLine(text, message);
    const issue: ScenarioIssue = { code, path: '', message, line, column: null };
    // A yaml error thrown while converting (runaway aliases) carries its own message and no hint.
    if (code === 'too-large') issue.hint = ISSUE_CATALOGUE['too-large'].hint;
    return { ok: false, errors: [issue] };
  }
  const result = normaliseWithLocator(data, options, createYamlLocator(doc, lineCounter));
  if (!result.ok || doc.warnings.length === 0) return result;
  const warnings = doc.warnings.map((w) => yamlIssue(w.pos[0], w.message, 'yaml-warning', lineCounter));
  return { ...result, warnings: sortIssues([...warnings, ...result.warnings]) };
}

/**
 * The yaml package builds an Error (with a stack trace) for every syntax error, and text broken near its
 * start can give one per token: 160,000 of them for a 400 KB file, 2 s of CPU spent mostly on stack traces
 * nobody reads. They are built without stacks (found by the parser fuzzer, docs/decisions/0010).
 */
function parseWithoutStacks(text: string, lineCounter: LineCounter): Document {
  // V8's knob (Node, Chromium); elsewhere it is an unused property and errors keep their stacks.
  const errors = Error as ErrorConstructor & { stackTraceLimit?: number | undefined };
  const limit = errors.stackTraceLimit;
  errors.stackTraceLimit = 0;
  try {
    // `logLevel: 'error'`: the package's warnings go to `process.emitWarning` (stderr) or the console
    // otherwise; each one the scenario can cause is reported as an issue instead (keysNotText.ts).
    return parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false, logLevel: 'error' });
  } finally {
    errors.stackTraceLimit = limit;
  }
}

/** At most this many syntax errors are listed: past the first few, they are echoes of the same mistake. */
const MAX_SYNTAX_ISSUES = 100;

function firstSyntaxIssues(issues: ScenarioIssue[]): ScenarioIssue[] {
  if (issues.length <= MAX_SYNTAX_ISSUES) return issues;
  const next = issues[MAX_SYNTAX_ISSUES] as ScenarioIssue;
  const more = issues.length - MAX_SYNTAX_ISSUES;
  return [
    ...issues.slice(0, MAX_SYNTAX_ISSUES),
    {
      ...next,
      message: `${more.toLocaleString('en-US')} more syntax errors from here on, not listed (fix the first ones: the rest usually follow from them)`,
    },
  ];
}

/**
 * The yaml package's own words for a second `---` document ("Source contains multiple documents; please use
 * YAML.parseAllDocuments()") name a function of the library, not what the user can do: a scenario is one
 * document, and several Kubernetes objects joined with `---` are what `sim import` and the editor's Convert
 * read (found running `sim run` on a kubectl export, stop note 28).
 */
function multipleDocuments(offset: number, text: string, lineCounter: LineCounter): ScenarioIssue {
  const what = looksLikeKubernetesYaml(text)
    ? 'these look like Kubernetes objects, which `npm run sim -- import <file>` or the editor’s Convert turns into a scenario'
    : 'remove the --- line and what follows it, or put each scenario in its own file';
  const { hint: _hint, ...issue } = yamlIssue(
    offset,
    `a second YAML document starts here (after ---), but a scenario is one document: ${what}`,
    'yaml-syntax',
    lineCounter,
  );
  return issue;
}

function yamlIssue(
  offset: number,
  message: string,
  code: IssueCode,
  lineCounter: LineCounter,
): ScenarioIssue {
  const pos = lineCounter.linePos(offset);
  const info = ISSUE_CATALOGUE[code];
  const issue: ScenarioIssue = { code, path: '', message, line: pos.line, column: pos.col };
  if ('hint' in info) issue.hint = info.hint;
  return issue;
}

/**
 * The line of the alias an "Unresolved alias" error names (the yaml package throws it while converting,
 * without a position): the first `*name` in the text, or null when it cannot be found.
 */
function aliasLine(text: string, message: string): number | null {
  const name = /alias[^:]*:\s*(\S+)\s*$/i.exec(message)?.[1];
  if (name === undefined) return null;
  const at = text.indexOf(`*${name}`);
  if (at < 0) return null;
  let line = 1;
  for (let i = 0; i < at; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/**
 * What reading YAML threw, in words: the yaml package's stack overflow (a RangeError: nesting too deep
 * for it) or its own message (too many aliases). `what` names the thing read.
 */
export function yamlReadFailure(error: unknown, what: string): string {
  if (error instanceof RangeError)
    return `${what} nests too deeply to read (lists and mappings nest at most ${MAX_NESTING} levels)`;
  return error instanceof Error ? error.message : String(error);
}
