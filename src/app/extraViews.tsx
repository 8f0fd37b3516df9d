/**
 * Views added to the main area's tabs by other feature folders (the D3 queue tree and cluster map).
 * Each is a lazy import, so the view's code (and D3) loads only when its tab is opened.
 */
import { lazy } from 'react';
import type { ExtraView } from '../features/main-view/MainView';

const QueueTreeView = lazy(() =>
  import('../features/queue-tree/QueueTreeView').then((m) => ({ default: m.QueueTreeView })),
);
const ClusterMapView = lazy(() =>
  import('../features/cluster-map/ClusterMapView').then((m) => ({ default: m.ClusterMapView })),
);
const WorkshopTab = lazy(() => import('./WorkshopTab').then((m) => ({ default: m.WorkshopTab })));
const CompareTab = lazy(() => import('./CompareTab').then((m) => ({ default: m.CompareTab })));

export const EXTRA_VIEWS: readonly ExtraView[] = [
  { id: 'queues', label: 'Queue tree', render: () => <QueueTreeView /> },
  { id: 'cluster', label: 'Cluster map', render: () => <ClusterMapView /> },
  { id: 'workshop', label: 'Workshop', render: () => <WorkshopTab /> },
  { id: 'compare', label: 'Compare', render: () => <CompareTab /> },
];
