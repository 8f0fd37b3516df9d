/**
 * The queue tree and the cluster map as the stage and presenter mode show them: each in its grid area
 * (`tree`, `map`), sized by the grid around them. Until the person selects something, the tree draws the
 * key decision's preemptor/victim pair.
 */
import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import type { SelectedPair } from '../../store/AppState';

// The D3 views load with the stage, not with the first screen's bundle.
const QueueTreeView = lazy(() =>
  import('../queue-tree/QueueTreeView').then((m) => ({ default: m.QueueTreeView })),
);
const ClusterMapView = lazy(() =>
  import('../cluster-map/ClusterMapView').then((m) => ({ default: m.ClusterMapView })),
);

export function StagePictures({
  pair,
  isPresenting = false,
  isMapShown = true,
}: {
  pair: SelectedPair | null;
  /** Presenter mode: the pictures without their toolbars, so the class gets every pixel of the cell. */
  isPresenting?: boolean;
  /** False while the stage folds its map column for an open lesson question (decision 0332). */
  isMapShown?: boolean;
}) {
  return (
    <>
      <Box sx={{ gridArea: 'tree', minHeight: 0, bgcolor: 'background.default' }}>
        <Suspense fallback={null}>
          <QueueTreeView isStage fallbackPair={pair} isPresenting={isPresenting} />
        </Suspense>
      </Box>
      {isMapShown && (
        <Box sx={{ gridArea: 'map', minHeight: 0, bgcolor: 'background.default' }}>
          <Suspense fallback={null}>
            <ClusterMapView isStage isPresenting={isPresenting} />
          </Suspense>
        </Box>
      )}
    </>
  );
}
