// @vitest-environment happy-dom
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Verdict } from '../../../engine/model/trace';
import type { TierVoteDetail, VictimSetDetail } from '../../../engine/profiles/volcano/trace';
import { createAppTheme } from '../../../ui/theme';
import { VerdictList } from '../../decision-log/VerdictList';

afterEach(cleanup);

const vote: TierVoteDetail = {
  profile: 'volcano',
  type: 'tier-vote',
  point: 'jobEnqueueable',
  lines: [
    { plugin: 'sla', tier: 1, vote: 'abstain', message: 'SLA not expired: waited 1s of 2.5s' },
    { plugin: 'overcommit', tier: 2, vote: 'reject', message: 'needs cpu 4, idle cpu 2.8' },
  ],
  result: false,
  reason: 'reject',
  decidingTier: 2,
  decidedBy: 'overcommit',
  slaNote: null,
};

const verdicts: Verdict[] = [
  {
    plugin: 'sla',
    point: 'jobEnqueueable',
    allowed: true,
    message: 'Abstain',
    tier: 1,
    vote: 'abstain',
  },
  {
    plugin: 'session',
    point: 'jobEnqueueable',
    allowed: false,
    message: 'JobEnqueueable is false',
    vote: 'refuse',
    profileDetail: vote,
  },
];

const show = (list: Verdict[]) =>
  render(
    <ThemeProvider theme={createAppTheme('light')}>
      <VerdictList verdicts={list} />
    </ThemeProvider>,
  );

describe('Volcano vote tables in the decision log (rendered through the profile renderer map)', () => {
  it('lists every plugin’s vote tier by tier, marks the deciding one and says which rule decided', () => {
    show(verdicts);
    const table = screen.getByTestId('vote-table');
    const rows = within(table).getAllByTestId('vote-table.row');
    expect(rows.map((r) => [r.dataset.plugin, r.dataset.vote])).toEqual([
      ['sla', 'abstain'],
      ['overcommit', 'reject'],
    ]);
    expect(within(rows[1]!).getByText('Reject · decides')).toBeTruthy();
    expect(screen.getByTestId('vote-table.result').textContent).toBe(
      'Result: not admitted (stays Pending). Tier 2 decided (overcommit): a Reject ends the vote at once: later plugins and tiers were not asked.',
    );
    // The plain sla line is in the table; it is not repeated as a verdict of its own.
    expect(screen.getAllByTestId('verdict').map((v) => v.dataset.plugin)).toEqual(['session']);
  });

  it('shows the design-doc difference when sla permitted but lost the vote', () => {
    const withNote: TierVoteDetail = { ...vote, slaNote: 'The design doc says sla wins regardless.' };
    show([{ ...verdicts[1]!, profileDetail: withNote }]);
    expect(screen.getByTestId('vote-table.sla-note').textContent).toContain('Design doc vs code');
  });

  it('shows each plugin’s victim list and the set after it for Preemptable', () => {
    const set: VictimSetDetail = {
      profile: 'volcano',
      type: 'victim-set',
      point: 'preemptable',
      rule: 'intersection-per-tier',
      node: 'n1',
      preemptorTask: 'p-0',
      candidates: ['a-0', 'b-0'],
      lines: [
        {
          plugin: 'priority',
          tier: 1,
          abstain: false,
          answer: ['a-0', 'b-0'],
          after: ['a-0', 'b-0'],
          endedTier: false,
          message: 'lower priority',
        },
        {
          plugin: 'gang',
          tier: 1,
          abstain: false,
          answer: ['b-0'],
          after: ['b-0'],
          endedTier: false,
          message: 'a stays at minAvailable',
        },
      ],
      victims: ['b-0'],
      decidingTier: 1,
    };
    show([
      {
        plugin: 'session',
        point: 'preemptable',
        allowed: true,
        message: 'Victims',
        vote: 'allow',
        profileDetail: set,
      },
    ]);
    const rows = screen.getAllByTestId('victim-vote-table.row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '1prioritya-0, b-0a-0, b-0lower priority',
      '1gangb-0b-0a stays at minAvailable',
    ]);
    expect(screen.getByTestId('victim-vote-table.result').textContent).toContain(
      'Victims: b-0 (tier 1 decided)',
    );
  });

  it('names a detail no profile renders instead of dropping it', () => {
    show([
      {
        plugin: 'x',
        point: 'y',
        allowed: true,
        message: 'm',
        profileDetail: { profile: 'other', type: 'thing' },
      },
    ]);
    expect(screen.getByTestId('profile-detail.unknown').textContent).toBe('(other thing detail)');
  });
});
