import { useEffect, useState } from 'react';
import type { IssueDto, ValidateResult } from '../../protocol/messages';

/** The problems an Apply found, with the text they describe. */
export interface AppliedIssues {
  text: string;
  issues: readonly IssueDto[];
}

/**
 * The problems to list for the text in the editor. An Apply's list describes the text applied; once that
 * text is replaced or edited the list is stale (issue 22: errors of a replaced text stayed listed), so it
 * is dropped at once and the new text is validated by the worker after `delayMs` of quiet, as the inline
 * marks are (decision 0269). `isFresh` says the list is of a text not applied yet.
 */
export function useCurrentIssues(
  draft: string,
  applied: AppliedIssues | null,
  validate: (text: string) => Promise<ValidateResult>,
  delayMs = 400,
): { issues: readonly IssueDto[]; isFresh: boolean } {
  const [fresh, setFresh] = useState<AppliedIssues | null>(null);
  const isStale = applied !== null && applied.text !== draft;
  useEffect(() => {
    if (!isStale || draft.trim() === '') return undefined;
    let isCurrent = true;
    const timer = setTimeout(() => {
      validate(draft).then(
        (result) => {
          if (isCurrent) setFresh({ text: draft, issues: result.errors });
        },
        // The simulator restarted: the next edit validates again.
        () => undefined,
      );
    }, delayMs);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [isStale, draft, validate, delayMs]);
  if (applied === null) return { issues: [], isFresh: false };
  if (!isStale) return { issues: applied.issues, isFresh: false };
  return { issues: fresh?.text === draft ? fresh.issues : [], isFresh: true };
}
