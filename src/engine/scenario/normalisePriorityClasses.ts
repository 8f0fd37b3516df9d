/**
 * `priorityClasses`: the profile's default classes, overridden or extended by the scenario's list.
 */
import type { PriorityClass, Profile } from '../model/scenario';
import { catalogueOf } from '../registry';
import type { IssueSink } from './IssueSink';
import { quote } from './fieldPath';
import { readFields } from './readFields';
import { PRIORITY_CLASS_FIELDS } from './schema';

/**
 * The classes in force. Listed classes are merged into the profile's defaults rather than replacing
 * them, as in a real KAI cluster where the scheduler's own classes always exist next to the user's:
 * a class with a default's name replaces it in place, a new name is appended. The order is therefore
 * stable under serialise → parse.
 */
export function normalisePriorityClasses(
  raw: readonly unknown[] | undefined,
  profile: Profile,
  sink: IssueSink,
): PriorityClass[] {
  const classes = catalogueOf(profile).defaultPriorityClasses.map((c) => ({ ...c }));
  const firstIndex = new Map<string, number>();
  (raw ?? []).forEach((item, i) => {
    const path = ['priorityClasses', i];
    const f = readFields(item, path, PRIORITY_CLASS_FIELDS, sink, {
      required: ['name', 'value'],
      what: 'a priority class',
    });
    if (f === null || f.name === undefined || f.value === undefined) return;
    const previous = firstIndex.get(f.name);
    if (previous !== undefined) {
      sink.report(
        'duplicate-name',
        [...path, 'name'],
        `priority class ${quote(f.name)} is already defined at priorityClasses[${previous}]`,
      );
      return;
    }
    firstIndex.set(f.name, i);
    const cls: PriorityClass = {
      name: f.name,
      value: f.value,
      preemptionPolicy: f.preemptionPolicy ?? 'PreemptLowerPriority',
    };
    const existing = classes.findIndex((c) => c.name === f.name);
    if (existing >= 0) classes[existing] = cls;
    else classes.push(cls);
  });
  return classes;
}
