/**
 * Turns zod issues into catalogue issues with the scenario's own wording. zod's default messages
 * ("Invalid input: expected string, received number") are replaced by ones that name what the format
 * expects; custom issues raised by `schema.ts` carry their catalogue code in `params.code`.
 */
import type { z } from 'zod';
import { ISSUE_CATALOGUE, type IssueCode } from './issues';
import type { IssueSink } from './IssueSink';
import type { FieldPath, PathSegment } from './fieldPath';
import { describeValue } from './schema';

const EXPECTED: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  int: 'an integer',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping',
  record: 'a mapping',
};

/** Reports every zod issue under `base` (the path of the value that was parsed). */
export function reportZodIssues(issues: readonly z.core.$ZodIssue[], base: FieldPath, sink: IssueSink): void {
  for (const issue of issues) {
    const path: PathSegment[] = [...base, ...issue.path.map(toSegment)];
    switch (issue.code) {
      case 'invalid_type': {
        const expected = EXPECTED[issue.expected] ?? issue.expected;
        sink.report('wrong-type', path, `expected ${expected}, got ${describeValue(issue.input)}`);
        break;
      }
      case 'too_small': {
        const negative = Number(issue.minimum) === 0 && issue.inclusive !== false;
        if (issue.origin === 'string') sink.report('invalid-value', path, 'must not be empty');
        else if (negative)
          sink.report('negative-value', path, `must not be negative, got ${describeValue(issue.input)}`);
        else
          sink.report(
            'out-of-range',
            path,
            `must be at least ${issue.minimum}, got ${describeValue(issue.input)}`,
          );
        break;
      }
      case 'too_big':
        if (issue.origin === 'string')
          sink.report(
            'too-large',
            path,
            `at most ${issue.maximum} characters, got ${typeof issue.input === 'string' ? issue.input.length : '?'}`,
          );
        else
          sink.report(
            'out-of-range',
            path,
            `must be at most ${issue.maximum}, got ${describeValue(issue.input)}`,
          );
        break;
      case 'invalid_value': {
        const allowed = issue.values.map((v) => String(v));
        const input = issue.input;
        const close =
          typeof input === 'string'
            ? allowed.find((v) => v.toLowerCase() === input.toLowerCase())
            : undefined;
        sink.report(
          'invalid-value',
          path,
          `expected one of ${allowed.join(', ')}; got ${describeValue(input)}`,
          close === undefined ? undefined : `Values are case-sensitive: did you mean ${close}?`,
        );
        break;
      }
      case 'unrecognized_keys':
        for (const key of issue.keys)
          sink.report('unknown-field', [...path, key], `unknown field ${JSON.stringify(key)}`);
        break;
      case 'custom': {
        const code: unknown = issue.params?.['code'];
        sink.report(isIssueCode(code) ? code : 'invalid-value', path, issue.message);
        break;
      }
      default:
        sink.report('invalid-value', path, issue.message);
    }
  }
}

function toSegment(key: PropertyKey): PathSegment {
  return typeof key === 'number' ? key : String(key);
}

function isIssueCode(code: unknown): code is IssueCode {
  return typeof code === 'string' && Object.hasOwn(ISSUE_CATALOGUE, code);
}
