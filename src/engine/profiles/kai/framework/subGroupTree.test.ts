/**
 * Upstream unit tests of the subgroup tree (KAI @d5bc503); eviction and allocation cases translated one for one,
 * order cases written after the test table's names with the fixture sizes simplified:
 * pkg/scheduler/api/podgroup_info/eviction_info_test.go TestGetTasksToEvict_HierarchicalTree,
 * pkg/scheduler/plugins/subgrouporder/subgroup_order_test.go TestSubGroupOrderFn (PodSet and set cases),
 * pkg/scheduler/api/podgroup_info/subgroup_info/subgroupset_test.go (min to satisfy, satisfied members),
 * pkg/scheduler/api/podgroup_info/allocation_info_test.go Test_GetTasksToAllocate_MinSubGroupZero.
 * Cases that need upstream-only objects (Gated pods, topology constraints, clones) are listed in decision 0203.
 */
import { describe, expect, it } from 'vitest';
import type { SessionTaskStatus, TaskInfo } from './JobInfo';
import { subGroupTasksToAllocate } from './subGroupAllocation';
import { subGroupTasksToEvict } from './subGroupEviction';
import {
  compareSubGroupMembers,
  isSatisfied,
  minToSatisfy,
  satisfiedMembers,
  type PodSetNode,
  type SubGroupMember,
  type SubGroupSetNode,
  type TaskCount,
} from './subGroupTree';

let serial = 0;
function task(status: SessionTaskStatus, name = `pod-${++serial}`): TaskInfo {
  return { name, status } as unknown as TaskInfo;
}
function podSet(name: string, minMember: number, ...statuses: SessionTaskStatus[]): PodSetNode {
  return { kind: 'podset', name, minMember, tasks: statuses.map((s) => task(s)) };
}
function set(name: string, minSubGroup: number | null, ...members: SubGroupMember[]): SubGroupSetNode {
  return { kind: 'set', name, minSubGroup, members };
}
const byName = (a: TaskInfo, b: TaskInfo) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const running: TaskCount = (ps) => ps.tasks.filter((t) => t.status === 'Running').length;

function evict(root: SubGroupSetNode): { tasks: TaskInfo[]; more: boolean } {
  const remaining = new Set(
    root.members.flatMap(function all(m): TaskInfo[] {
      return m.kind === 'podset' ? m.tasks.filter((t) => t.status === 'Running') : m.members.flatMap(all);
    }),
  );
  const tasks = subGroupTasksToEvict(root, remaining, byName);
  return { tasks, more: tasks.length < remaining.size };
}

describe('GetTasksToEvict hierarchical tree (eviction_info_test.go)', () => {
  it('Phase2_ElasticDirect_DropMemberWhenMinSubGroupLessThanSatisfied', () => {
    const r = evict(set('', 1, podSet('ps-a', 1, 'Running'), podSet('ps-b', 1, 'Running')));
    expect([r.tasks.length, r.more]).toEqual([1, true]);
  });
  it('Phase2_ElasticDirect_NestedSubGroupSetWithMinSubGroup', () => {
    const inner = set(
      'inner',
      1,
      podSet('ps-a', 2, 'Running', 'Running'),
      podSet('ps-b', 2, 'Running', 'Running'),
    );
    const r = evict(set('', null, inner));
    expect([r.tasks.length, r.more]).toEqual([2, true]);
  });
  it('Phase3_FullSubtreeEviction_AllMembersAtMin', () => {
    const r = evict(set('', null, podSet('ps-a', 1, 'Running'), podSet('ps-b', 1, 'Running')));
    expect([r.tasks.length, r.more]).toEqual([2, false]);
  });
  it('NotSatisfied_ReturnsNil (falls to phase 3)', () => {
    const r = evict(set('', null, podSet('ps-a', 1, 'Running'), podSet('ps-b', 1)));
    expect([r.tasks.length, r.more]).toEqual([1, false]);
  });
  it('MixedSubGroupSetAndPodSetMembers', () => {
    const r = evict(
      set(
        '',
        null,
        podSet('ps-root', 1, 'Running', 'Running'),
        set('inner', null, podSet('ps-inner', 1, 'Running')),
      ),
    );
    expect([r.tasks.length, r.more]).toEqual([1, true]);
  });
  it('Phase1_GangEvictionInsideMember_DuringElasticRecursion', () => {
    const a = set('member-a', null, podSet('ps-a1', 1, 'Running'), podSet('ps-a2', 1, 'Running'));
    const b = set('member-b', null, podSet('ps-b1', 1, 'Running'), podSet('ps-b2', 1, 'Running'));
    const r = evict(set('', 1, a, b));
    expect([r.tasks.length, r.more]).toEqual([2, true]);
  });
  it('MinSubGroupZero_RootEntireSubtreeElasticDroppable', () => {
    const r = evict(set('', 0, podSet('ps-a', 1, 'Running')));
    expect([r.tasks.length, r.more]).toEqual([1, false]);
  });
  it('MinSubGroupZero_NestedInnerSubtreeElasticDroppable', () => {
    const r = evict(set('', null, set('inner', 0, podSet('ps-a', 1, 'Running'))));
    expect([r.tasks.length, r.more]).toEqual([1, false]);
  });
  it('MinSubGroupZero_NestedInnerLeavesSiblingAlone', () => {
    const elastic = podSet('ps-elastic', 1, 'Running');
    const r = evict(set('', null, set('inner', 0, elastic), podSet('ps-keep', 1, 'Running')));
    expect([r.tasks, r.more]).toEqual([elastic.tasks, true]);
  });
});

describe('SubGroupOrderFn (subgroup_order_test.go)', () => {
  const order = (a: SubGroupMember, b: SubGroupMember) => Math.sign(compareSubGroupMembers(a, b, running));
  it('PodSets: below/above minAvailable and allocation ratios', () => {
    expect(order(podSet('l', 2, 'Running'), podSet('r', 2))).toBe(0);
    expect(order(podSet('l', 2, 'Running'), podSet('r', 1, 'Running', 'Running'))).toBe(-1);
    expect(order(podSet('l', 1, 'Running', 'Running'), podSet('r', 2, 'Running'))).toBe(1);
    expect(order(podSet('l', 2, 'Running', 'Running'), podSet('r', 1, 'Running', 'Running'))).toBe(-1);
    expect(order(podSet('l', 1, 'Running', 'Running'), podSet('r', 2, 'Running', 'Running'))).toBe(1);
    expect(order(podSet('l', 1, 'Running'), podSet('r', 2, 'Running', 'Running'))).toBe(0);
  });
  it('sets: threshold from minSubGroup, optional (0) after required, nested satisfaction', () => {
    const sat = () => podSet('p', 1, 'Running');
    const unsat = () => podSet('q', 1);
    expect(order(set('l', null, sat(), unsat()), set('r', null, unsat()))).toBe(0);
    expect(order(set('l', null, unsat()), set('r', null, sat()))).toBe(-1);
    expect(order(set('l', null, sat()), set('r', null, unsat()))).toBe(1);
    expect(order(set('l', 2, sat(), sat(), unsat()), set('r', 1, sat(), sat()))).toBe(-1);
    expect(order(set('l', 1, sat()), set('r', 1, sat()))).toBe(0);
    expect(order(podSet('l', 0), podSet('r', 1, 'Running'))).toBe(1);
    expect(order(set('l', 0, sat()), set('r', 1, sat()))).toBe(1);
    expect(order(set('l', 0, unsat()), set('r', 0, unsat()))).toBe(0);
    expect(order(set('l', 0, unsat()), set('r', 0, sat()))).toBe(-1);
    expect(order(set('l', null, set('li', null, unsat())), set('r', null, set('ri', null, sat())))).toBe(-1);
  });
});

describe('SubGroupSet minimums (subgroupset_test.go)', () => {
  it('GetMinMembersToSatisfy: children count unless minSubGroup (0 included)', () => {
    expect(minToSatisfy(set('', null))).toBe(0);
    expect(minToSatisfy(set('', null, podSet('a', 1), podSet('b', 1)))).toBe(2);
    expect(minToSatisfy(set('', 1, podSet('a', 1), podSet('b', 1)))).toBe(1);
    expect(minToSatisfy(set('', 0, podSet('a', 1)))).toBe(0);
  });
  it('minSubGroup 0 is always satisfied, nested too', () => {
    expect(isSatisfied(set('', 0, podSet('a', 1), podSet('b', 1)), running)).toBe(true);
    expect(isSatisfied(set('', null, set('in', 0, podSet('a', 1))), running)).toBe(true);
  });
  it('GetNumActiveAllocatedDirectSubGroups', () => {
    expect(satisfiedMembers(set('', null), running)).toBe(0);
    expect(satisfiedMembers(set('', null, podSet('a', 2, 'Running')), running)).toBe(0);
    expect(satisfiedMembers(set('', null, podSet('a', 1, 'Running')), running)).toBe(1);
    expect(
      satisfiedMembers(set('', null, podSet('a', 1, 'Running'), podSet('b', 2, 'Running')), running),
    ).toBe(1);
    expect(satisfiedMembers(set('', null, set('c', null, podSet('a', 1, 'Running'))), running)).toBe(1);
    expect(satisfiedMembers(set('', null, set('c', null, podSet('a', 2, 'Running'))), running)).toBe(0);
  });
});

describe('GetTasksToAllocate with minSubGroup 0 (allocation_info_test.go)', () => {
  it("all children unsatisfied: gang skipped, elastic returns one child's tasks", () => {
    const a = podSet('a', 1, 'Pending');
    const root = set('', 0, a, podSet('b', 1, 'Pending'));
    expect(subGroupTasksToAllocate(root, byName)).toEqual(a.tasks);
  });
  it('all children satisfied: nothing left to allocate', () => {
    const root = set('', 0, podSet('a', 1, 'Running'), podSet('b', 1, 'Running'));
    expect(subGroupTasksToAllocate(root, byName)).toEqual([]);
  });
  it('one satisfied, one with elastic surplus: one elastic task', () => {
    const root = set('', 0, podSet('a', 1, 'Running'), podSet('b', 1, 'Running', 'Pending'));
    expect(subGroupTasksToAllocate(root, byName)).toHaveLength(1);
  });
});
