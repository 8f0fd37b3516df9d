/**
 * "Export as Kubernetes YAML": the editor's scenario text as the Queues, scheduler ConfigMap, Nodes,
 * PodGroups and Pods a cluster would hold (engine/scenario/exporters), ready to download. Kubernetes YAML
 * and text with problems are refused with a sentence saying why.
 */
import { exportKubernetesYaml } from '../../engine/scenario/exporters/exportKubernetesYaml';
import { looksLikeKubernetesYaml } from '../../engine/scenario/importers/importKubernetesYaml';
import { parseScenario } from '../../engine/scenario/parseScenario';
import { firstProblem } from './firstProblem';
import { yamlFileName } from '../library/downloadText';

export type KubernetesExport = { ok: true; fileName: string; text: string } | { ok: false; error: string };

export function exportDraftAsKubernetes(draft: string): KubernetesExport {
  if (looksLikeKubernetesYaml(draft))
    return { ok: false, error: 'This is already Kubernetes YAML: convert it to a scenario first.' };
  const parsed = parseScenario(draft);
  if (!parsed.ok)
    return {
      ok: false,
      error: `Nothing was exported: the scenario has problems. ${firstProblem(parsed.errors)}`,
    };
  try {
    return {
      ok: true,
      fileName: yamlFileName(parsed.scenario.name).replace(/\.yaml$/, '-kubernetes.yaml'),
      text: exportKubernetesYaml(parsed.scenario),
    };
  } catch (e) {
    // A profile whose objects have no Kubernetes mapping is refused with the engine's sentence, never half
    // exported (an UnsupportedError, matched by name as the CLI does: the editor sees no engine framework).
    if (e instanceof Error && e.name === 'UnsupportedError')
      return { ok: false, error: `Nothing was exported: ${e.message}` };
    throw e;
  }
}
