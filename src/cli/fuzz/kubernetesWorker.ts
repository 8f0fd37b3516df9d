/**
 * Child process for the Kubernetes-import fuzz (`npm run fuzz -- --kube N`): checks one generated document
 * per message, on this process's CPU clock (see mutationWorker.ts).
 */
import { checkKubernetesText } from '../../engine/testing/kubernetes/checkKubernetesText';

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

process.on('message', (msg: { id: number; text: string; gpuOf: Record<string, number> }) => {
  const result = checkKubernetesText(msg.text, msg.gpuOf, cpuMs);
  process.send?.({ id: msg.id, result });
});
