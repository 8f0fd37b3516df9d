/** True when `text` holds at least one document with `apiVersion` and `kind` (Kubernetes YAML, not a scenario). */
export function looksLikeKubernetesYaml(text: string): boolean {
  return /^apiVersion:\s*\S/m.test(text) && /^kind:\s*\S/m.test(text);
}
