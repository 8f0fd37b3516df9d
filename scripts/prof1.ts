import { createSimulation } from '../src/engine/index';
import { bigCluster } from './benchWorkloads';
const sc = bigCluster({
  nodes: 500,
  gpusPerNode: 8,
  running: 4000,
  pending: 4000,
  actions: ['allocate'],
  minRuntime: false,
});
const sim = createSimulation(sc);
const t = Date.now();
sim.step();
console.log('allocate', Date.now() - t);
