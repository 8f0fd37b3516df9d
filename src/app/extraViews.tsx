/**
 * Views added to the main area's tabs by other feature folders (the D3 queue tree and cluster map).
 * Add an entry with a lazy import so the view's code loads only when its tab is opened:
 *   { id: 'queues', label: 'Queue tree', render: () => <QueueTreeView /> } with `const QueueTreeView = lazy(...)`.
 */
import type { ExtraView } from '../features/main-view/MainView';

export const EXTRA_VIEWS: readonly ExtraView[] = [];
