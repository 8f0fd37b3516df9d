/**
 * Completion for scenario YAML: field names from the schema tables at the cursor's path, fixed values
 * from the same schema (enums, booleans), and names the scenario defines (queues for `queue` and
 * `parent`, nodes, jobs, priority classes) and the profile knows (actions, plugins).
 */
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { uiModuleOf } from '../profiles/uiRegistry';
import { FIELD_DOCS } from './fieldDocs';
import { PROFILES, scenarioNamesOf, type ScenarioNames } from './scenarioNames';
import { enumValuesOf, fieldsOf, tableAt } from './schemaFields';
import { yamlContextAt } from './yamlContext';

const option = (label: string, type: string, detail?: string): Completion =>
  detail === undefined ? { label, type } : { label, type, detail };

/** The values offered for `key` in the object at `path` (names, enums), or null when none are known. */
export function valueOptions(
  path: readonly string[],
  key: string,
  names: ScenarioNames,
): Completion[] | null {
  const table = tableAt(path);
  const catalogue = uiModuleOf(names.profile).catalogue;
  if (table === 'job' && key === 'queue')
    return names.leafQueues.map((q) => option(q, 'variable', 'leaf queue'));
  if (table === 'queue' && key === 'parent') return names.queues.map((q) => option(q, 'variable', 'queue'));
  if (table === 'queue' && key === 'name' && path.at(-1) === 'updateQueue') {
    return names.queues.map((q) => option(q, 'variable', 'queue'));
  }
  if (table === 'job' && key === 'priorityClassName') {
    return names.priorityClasses.map((c) => option(c, 'constant', 'priority class'));
  }
  if (table === 'task' && key === 'node') return names.nodes.map((n) => option(n, 'variable', 'node'));
  if (table === 'event' && key === 'removeNode') return names.nodes.map((n) => option(n, 'variable', 'node'));
  if (table === 'event' && key === 'deleteJob') return names.jobs.map((j) => option(j, 'variable', 'job'));
  if (table === 'scenario' && key === 'profile') return PROFILES.map((p) => option(p, 'constant', 'profile'));
  if (table === 'scheduler' && key === 'actions')
    return catalogue.actions.map((a) => option(a, 'function', 'action'));
  if (table === 'plugin' && key === 'name')
    return catalogue.plugins.map((p) => option(p, 'function', 'plugin'));
  if (table !== null) {
    const values = enumValuesOf(table, key);
    if (values.length > 0) return values.map((v) => option(v, 'constant'));
  }
  return null;
}

export function scenarioCompletion(context: CompletionContext): CompletionResult | null {
  const text = context.state.doc.toString();
  const at = yamlContextAt(text, context.pos);
  if (at === null) return null;
  if (at.word === '' && !context.explicit && at.kind === 'key') return null;
  if (at.kind === 'value') {
    if (at.key === null) return null;
    const options = valueOptions(at.path, at.key, scenarioNamesOf(text));
    return options === null || options.length === 0
      ? null
      : { from: at.from, options, validFor: /^[\w.-]*$/ };
  }
  const table = tableAt(at.path);
  if (table === null) return null;
  const docs = FIELD_DOCS[table];
  return {
    from: at.from,
    options: fieldsOf(table).map((field) => ({
      label: field,
      type: 'property',
      info: docs[field] ?? '',
      apply: `${field}: `,
    })),
    validFor: /^[\w-]*$/,
  };
}
