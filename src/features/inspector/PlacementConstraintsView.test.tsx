// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlacementConstraintsView } from './PlacementConstraintsView';

afterEach(cleanup);

describe('PlacementConstraintsView', () => {
  it('says the pool and both topology levels in words', () => {
    render(
      <PlacementConstraintsView
        placement={{ pool: 'a100', topology: { name: 'cluster', required: 'zone', preferred: 'rack' } }}
      />,
    );
    expect(screen.getByTestId('inspector.node-pool').textContent).toBe(
      'Node pool a100: only its nodes can run this job.',
    );
    expect(screen.getByTestId('inspector.topology').textContent).toBe(
      'Topology cluster: every task in one zone (required); as few rack domains as it can (preferred).',
    );
  });

  it('draws nothing for a job without pool or constraint', () => {
    const { container } = render(<PlacementConstraintsView placement={undefined} />);
    expect(container.textContent).toBe('');
  });
});
