import { useMemo } from 'react';
import type { SelectedPair } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSnapshot } from '../../store/runSlice';
import { groupDecisions, type DecisionGroup } from '../decision-log/groupDecisions';
import { keyDecision, keyPair } from './keyDecision';

/** The shown session's key decision and, for an eviction, its preemptor/victim pair. */
export function useKeyDecision(): { decision: DecisionGroup | null; pair: SelectedPair | null } {
  const snapshot = useAppStore(selectSnapshot);
  return useMemo(() => {
    if (snapshot === null) return { decision: null, pair: null };
    const decision = keyDecision(groupDecisions(snapshot.decisions));
    return { decision, pair: keyPair(decision, snapshot.index) };
  }, [snapshot]);
}
