import type { Vote } from '../../../engine/model/trace';

/** Volcano's vote words, as the reference and upstream (`util.Permit/Abstain/Reject`) name them. */
export const VOTE_LABEL: Record<Vote, string> = {
  permit: 'Permit',
  abstain: 'Abstain',
  reject: 'Reject',
  allow: 'Allow',
  refuse: 'Refuse',
};

/** Colour key of a vote (the text always says the vote too: colour is never the only signal). */
export function voteTone(vote: Vote): 'ok' | 'bad' | 'neutral' {
  if (vote === 'permit' || vote === 'allow') return 'ok';
  if (vote === 'reject' || vote === 'refuse') return 'bad';
  return 'neutral';
}
