// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SubGroupState } from '../../engine/model/snapshot';
import { SubGroupsSection } from './SubGroupsSection';

const leaf = (name: string, extra: Partial<SubGroupState> = {}): SubGroupState => ({
  name,
  depth: 0,
  kind: 'leaf',
  min: 2,
  have: 2,
  satisfied: true,
  running: 2,
  pipelined: 0,
  taskCount: 2,
  ...extra,
});

afterEach(cleanup);

describe('SubGroupsSection', () => {
  it("says a constrained subgroup's topology and the domain the engine reported, as text", () => {
    render(
      <SubGroupsSection
        rows={[
          leaf('worker-0', { topology: 'requires one rack of topology t', domain: 'rack "z2.r1"' }),
          leaf('<b>plain</b>'),
        ]}
      />,
    );
    const lines = screen.getAllByTestId('inspector.subgroup').map((li) => li.textContent);
    expect(lines).toEqual([
      'worker-0: 2 running of minMember 2 (2 tasks) — at its minimum; requires one rack of topology t: rack "z2.r1"',
      '<b>plain</b>: 2 running of minMember 2 (2 tasks) — at its minimum',
    ]);
    expect(screen.getAllByTestId('inspector.subgroup.topology')).toHaveLength(1);
  });
});
