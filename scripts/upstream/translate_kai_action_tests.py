#!/usr/bin/env python3
"""Translate KAI's single-action unit-test tables into conformance scenarios (developer tool).

    python3 scripts/upstream/translate_kai_action_tests.py <kai git dir> <commit> <out dir>

Reads each listed test file at the commit (`git show`), finds every `TestTopologyBasic{...}` literal and
writes one scenario per case the format can express, applying the harness's conventions
(pkg/scheduler/test_utils: jobs sorted by priority and created N-i minutes ago, running jobs started a minute
ago, GPU limit 0 = unlimited, a synthetic `default` department, one session of the tested action). Cases
using what the format cannot express are listed with the reason on stdout (JSON), never guessed. The
expectations are upstream's: each task of a job in JobExpectedResults has that status (Binding counts as
Running: the lab binds at once), and the pipelined node where the test names one.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
import gotable  # noqa: E402

FILES = {
    'pkg/scheduler/actions/reclaim/reclaim_test.go': 'reclaim',
    'pkg/scheduler/actions/reclaim/reclaimGang_test.go': 'reclaim',
    'pkg/scheduler/actions/reclaim/reclaimDepartments_test.go': 'reclaim',
    'pkg/scheduler/actions/reclaim/reclaim_elastic_test.go': 'reclaim',
    'pkg/scheduler/actions/reclaim/reclaim_anchor_victim_test.go': 'reclaim',
    'pkg/scheduler/actions/preempt/preempt_test.go': 'preempt',
    'pkg/scheduler/actions/preempt/preemptGang_test.go': 'preempt',
    'pkg/scheduler/actions/preempt/preempt_elastic_test.go': 'preempt',
    'pkg/scheduler/actions/preempt/preempt_gang_full_drain_test.go': 'preempt',
    'pkg/scheduler/actions/consolidation/consolidation_test.go': 'consolidation',
    'pkg/scheduler/actions/allocate/allocate_test.go': 'allocate',
}
PRIORITIES = {
    'constants.PriorityInferenceNumber': 125,
    'constants.PriorityBuildNumber': 100,
    'constants.PriorityInteractivePreemptibleNumber': 75,
    'constants.PriorityTrainNumber': 50,
}
CLASS_OF = {125: 'inference', 100: 'build', 50: 'train'}
STATUS_IN = {'pod_status.Running': 'Running', 'pod_status.Pending': 'Pending'}
STATUS_OUT = {
    'pod_status.Running': 'Running', 'pod_status.Pending': 'Pending', 'pod_status.Pipelined': 'Pipelined',
    'pod_status.Releasing': 'Releasing', 'pod_status.Binding': 'Running', 'pod_status.Bound': 'Running',
    'pod_status.Allocated': 'Running',
}
JOB_FIELDS = {'Name', 'RequiredGPUsPerTask', 'Priority', 'Preemptibility', 'Namespace', 'QueueName',
              'JobAgeInMinutes', 'Tasks', 'RootSubGroupSet'}
TASK_FIELDS = {'Name', 'State', 'NodeName', 'Priority', 'GPUGroups', 'RequiredGPUs'}
NODE_FIELDS = {'GPUs', 'GPUMemory'}
QUEUE_FIELDS = {'Name', 'Priority', 'DeservedGPUs', 'MaxAllowedGPUs', 'GPUOverQuotaWeight', 'ParentQueue'}
DEPT_FIELDS = {'Name', 'DeservedGPUs', 'MaxAllowedGPUs'}
TOPOLOGY_FIELDS = {'Name', 'Jobs', 'Nodes', 'Queues', 'Departments', 'DisableDefaultDepartment',
                   'JobExpectedResults', 'TaskExpectedResults', 'Mocks'}
EXPECT_FIELDS = {'NodeName', 'GPUsRequired', 'Status', 'DontValidateGPUGroup', 'GPUGroups', 'GPUsAccepted'}


class Skip(Exception):
    pass


def num(v):
    if isinstance(v, bool):
        raise Skip(f'boolean where a number was expected: {v}')
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, tuple) and v[0] == 'call' and v[1] in ('ptr.To', 'pointer.Int', 'pointer.Int32', 'pointer.Float64') and len(v[2]) == 1:
        return num(v[2][0])
    if isinstance(v, tuple) and v[0] == 'call' and v[1] in ('float64', 'int', 'int32', 'int64', 'uint64') and len(v[2]) == 1:
        return num(v[2][0])
    if isinstance(v, tuple) and v[0] == 'ident' and v[1] in PRIORITIES:
        return PRIORITIES[v[1]]
    if isinstance(v, tuple) and v[0] == 'ident' and v[1] == 'common_info.NoMaxAllowedResource':
        return -1
    if isinstance(v, tuple) and v[0] == 'binop':
        a, b = num(v[2]), num(v[3])
        return {'*': a * b, '+': a + b, '-': a - b, '/': a / b}[v[1]]
    if isinstance(v, tuple) and v[0] == 'neg':
        return -num(v[1])
    raise Skip(f'value not understood: {v!r}')


def fmt(v):
    v = num(v)
    return str(int(v)) if float(v).is_integer() else repr(float(v))


def only(obj, allowed, what):
    extra = sorted(set(obj) - allowed)
    if extra:
        raise Skip(f'{what} uses {", ".join(extra)}')


def quote(s):
    return json.dumps(s) if re.search(r'[^A-Za-z0-9_.-]', s) or s in ('true', 'false', 'null', 'yes', 'no') else s


def status_name(v, table, what):
    if not (isinstance(v, tuple) and v[0] == 'ident' and v[1] in table):
        raise Skip(f'{what} status {v!r}')
    return table[v[1]]


def translate(case, action, source_path, index, commit):
    if isinstance(case, tuple):
        raise Skip(case[1])
    only(case, TOPOLOGY_FIELDS, 'the test')
    name = case.get('Name', f'case {index}')
    jobs = case.get('Jobs') or []
    nodes = case.get('Nodes') or {}
    queues = [dict(q) for q in (case.get('Queues') or [])]
    depts = [dict(d) for d in (case.get('Departments') or [])]
    if not isinstance(nodes, dict):
        raise Skip('nodes are not a literal map')
    lines = []
    # Queues and departments (test_utils_builder.go addDefaultDepartmentIfNeeded, BuildQueueInfoMap,
    # BuildDepartmentInfoMap).
    default_dept = False
    if not depts and not case.get('DisableDefaultDepartment'):
        default_dept = True
        for q in queues:
            q['ParentQueue'] = 'default'
    qlines = []
    if default_dept:
        qlines.append('  - name: default')
        qlines.append('    # harness: synthetic top-level department, GPU quota -1, limit -1 (OQW -1 written as 1: quota -1')
        qlines.append('    # already takes the whole requestable share)')
        qlines.append('    resources: {gpu: {quota: -1, limit: -1, overQuotaWeight: 1}}')
    for d in depts:
        only(d, DEPT_FIELDS, f'department {d.get("Name")}')
        quota = num(d.get('DeservedGPUs', 0))
        limit = num(d.get('MaxAllowedGPUs', 0)) or -1
        qlines.append(f'  - name: {quote(d["Name"])}')
        if quota == -1:
            # OQW = DeservedGPUs = -1 upstream; written as 1 like the default department: quota -1 already takes
            # the whole requestable share, so nothing is left for the over-quota phase.
            qlines.append('    # harness: department OQW = DeservedGPUs = -1, written as 1 (quota -1 takes the whole share)')
        oqw_dept = 1 if quota == -1 else quota
        qlines.append(f'    resources: {{gpu: {{quota: {fmt(quota)}, limit: {fmt(limit)}, overQuotaWeight: {fmt(oqw_dept)}}}}}')
    for q in queues:
        only(q, QUEUE_FIELDS, f'queue {q.get("Name")}')
        quota = num(q.get('DeservedGPUs', 0))
        limit = num(q.get('MaxAllowedGPUs', 0)) or -1
        oqw = num(q.get('GPUOverQuotaWeight', 0))
        qlines.append(f'  - name: {quote(q["Name"])}')
        if q.get('ParentQueue'):
            qlines.append(f'    parent: {quote(q["ParentQueue"])}')
        if q.get('Priority') is not None:
            qlines.append(f'    priority: {fmt(q["Priority"])}')
        qlines.append(f'    resources: {{gpu: {{quota: {fmt(quota)}, limit: {fmt(limit)}, overQuotaWeight: {fmt(oqw)}}}}}')
    nlines = []
    for nname in sorted(nodes):
        n = nodes[nname]
        only(n, NODE_FIELDS, f'node {nname}')
        nlines.append(f'  - {{name: {quote(nname)}, resources: {{gpu: {fmt(n.get("GPUs", 0))}}}}}')
    # Jobs: stable sort by priority (desc); created now-(N-i) min unless JobAgeInMinutes (jobs_fake.go).
    order = sorted(range(len(jobs)), key=lambda i: -num(jobs[i].get('Priority', 0)))
    created = {}
    for rank, i in enumerate(order):
        age = num(jobs[i].get('JobAgeInMinutes', 0))
        created[i] = age if age else len(jobs) - rank
    jlines = []
    task_names = {}
    initial = {}
    for i, j in enumerate(jobs):
        only(j, JOB_FIELDS, f'job {j.get("Name")}')
        jname = j['Name']
        prio = num(j.get('Priority', 0))
        gpus = num(j.get('RequiredGPUsPerTask', 0))
        tasks = j.get('Tasks') or []
        if not tasks:
            raise Skip(f'job {jname} has no tasks')
        fractional = not float(gpus).is_integer()
        out = [f'  - name: {quote(jname)}', f'    queue: {quote(j["QueueName"])}']
        if prio in CLASS_OF:
            out.append(f'    priorityClassName: {CLASS_OF[prio]}')
        else:
            out.append(f'    priority: {fmt(prio)}')
        if 'Preemptibility' in j:
            p = j['Preemptibility']
            table = {'enginev2alpha2.Preemptible': 'preemptible', 'enginev2alpha2.NonPreemptible': 'non-preemptible',
                     'v2alpha2.Preemptible': 'preemptible', 'v2alpha2.NonPreemptible': 'non-preemptible'}
            if not (isinstance(p, tuple) and p[1] in table):
                raise Skip(f'job {jname} preemptibility {p!r}')
            out.append(f'    preemptibility: {table[p[1]]}')
        if j.get('Namespace'):
            out.append(f'    namespace: {quote(j["Namespace"])}')
        sub = j.get('RootSubGroupSet')
        if sub is not None:
            if isinstance(sub, tuple) and sub[0] == 'call' and sub[1].endswith('DefaultSubGroup'):
                out.append(f'    minAvailable: {fmt(sub[2][0])}')
            else:
                raise Skip(f'job {jname} has subgroups')
        else:
            out.append(f'    minAvailable: {len(tasks)}')
        out.append(f'    submitAt: -{fmt(created[i])}m')
        statuses = []
        for t in tasks:
            only(t, TASK_FIELDS, f'a task of {jname}')
            statuses.append(status_name(t.get('State', ('ident', 'pod_status.Pending')), STATUS_IN, f'initial task of {jname}'))
        if 'Running' in statuses:
            out.append('    startedAt: -60s')
        out.append(f'    resources: {{gpu: {fmt(gpus)}}}')
        out.append('    tasks:')
        names = []
        for k, t in enumerate(tasks):
            # The pod is always `<job>-<index>` (jobs_fake.go createPodOfTask); a task's Name is not its pod name.
            tname = f'{jname}-{k}'
            names.append(tname)
            initial[tname] = statuses[k]
            fields = []
            fields.append(f'status: {statuses[k]}')
            if statuses[k] == 'Running':
                if not t.get('NodeName'):
                    raise Skip(f'running task of {jname} without a node')
                fields.append(f'node: {quote(t["NodeName"])}')
                if fractional and t.get('GPUGroups'):
                    raise Skip(f'fractional task of {jname} pinned to a GPU group')
            if t.get('Priority') is not None:
                fields.append(f'priority: {fmt(t["Priority"])}')
            if t.get('RequiredGPUs') is not None:
                fields.append(f'resources: {{gpu: {fmt(t["RequiredGPUs"])}}}')
            out.append('      - {' + ', '.join(fields) + '}')
        task_names[jname] = names
        jlines.extend(out)
    # Expectations (test_utils.go MatchExpectedAndRealTasks: every task of the job has the status).
    exp_tasks = []
    pipelined = []
    for jname, e in sorted((case.get('JobExpectedResults') or {}).items()):
        only(e, EXPECT_FIELDS, f'the expectation of {jname}')
        if jname not in task_names:
            raise Skip(f'expectation for unknown job {jname}')
        st = status_name(e.get('Status'), STATUS_OUT, f'expected for {jname}')
        for tname in task_names[jname]:
            exp_tasks.append(f'      {quote(tname)}: {st}')
            if st == 'Pipelined' and e.get('NodeName'):
                pipelined.append(f'      {quote(tname)}: {quote(e["NodeName"])}')
    for tname, e in sorted((case.get('TaskExpectedResults') or {}).items()):
        only(e, EXPECT_FIELDS, f'the expectation of task {tname}')
        if tname not in initial:
            # Keyed by pod UID; upstream skips a key that names no pod (test_utils.go), so does this.
            continue
        st = status_name(e.get('Status'), STATUS_OUT, f'expected for {tname}')
        exp_tasks.append(f'      {quote(tname)}: {st}')
    if not exp_tasks:
        raise Skip('no expectation')
    rel = source_path
    test_file = rel.split('/')[-1]
    header = [
        f'# {name}',
        f'# Source: kai-scheduler/KAI-Scheduler @{commit[:7]} {rel} case #{index} "{name}"',
        '# Translated mechanically by scripts/upstream/translate_kai_action_tests.py with the harness conventions of',
        '# pkg/scheduler/test_utils (INDEX.md): one session running only the tested action; minruntime without arguments;',
        '# running jobs startedAt -60s; jobs stably sorted by priority (desc) and created now-(N-i) min (or',
        '# JobAgeInMinutes); GPU limit 0 = unlimited (-1); GPU overQuotaWeight as written (unset = 0); departments',
        '# have quota = OQW = DeservedGPUs; gang minAvailable = tasks unless DefaultSubGroup(n); CPU and memory left',
        '# out (1 CPU/1G per task against 20000 CPU/20G per node and unlimited queue CPU/memory never constrain).',
        '# Expected statuses are upstream\'s (Binding = Running: the lab binds in the session).',
    ]
    body = header + [
        'version: 1',
        f'name: {json.dumps(f"KAI {action}: {name}")}',
        'description: |',
        f'  KAI unit test `{test_file}` case #{index} "{name}" (action `{action}`, one session), at upstream',
        f'  commit {commit[:8]}.',
        'profile: kai',
        f'x-source: {json.dumps(f"KAI {rel} #{index} {name} @{commit[:7]}")}',
        'x-confidence: high',
        'scheduler:',
        f'  actions: [{action}]',
        'nodes:',
        *nlines,
        'queues:',
        *qlines,
        'jobs:',
        *jlines,
        'run: {sessions: 1}',
        'expect:',
        '  - session: 1',
        '    tasks:',
        *exp_tasks,
    ]
    if pipelined:
        body += ['    pipelined:', *pipelined]
    return name, '\n'.join(body) + '\n'


def slug(s):
    return re.sub(r'-+', '-', re.sub(r'[^a-z0-9]+', '-', s.lower())).strip('-')[:60].rstrip('-')


def main():
    gitdir, commit, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    report = []
    for path, action in FILES.items():
        try:
            src = subprocess.run(['git', '-C', gitdir, 'show', f'{commit}:{path}'], check=True,
                                 capture_output=True, text=True).stdout
        except subprocess.CalledProcessError:
            report.append({'file': path, 'skipped': 'file not found'})
            continue
        prefix = {'reclaim': 'R', 'preempt': 'P', 'consolidation': 'C', 'allocate': 'A'}[action]
        short = path.split('/')[-1].replace('_test.go', '').replace('_', '')
        for index, case in enumerate(gotable.find_literals(src, 'TestTopologyBasic')):
            try:
                name, text = translate(case, action, path, index, commit)
            except Skip as e:
                report.append({'file': path, 'index': index,
                               'name': case.get('Name', '?') if isinstance(case, dict) else '?', 'skipped': str(e)})
                continue
            fname = f'KH-{prefix}-{short}-{index:02d}-{slug(name)}.yaml'
            with open(os.path.join(out, fname), 'w') as f:
                f.write(text)
            report.append({'file': path, 'index': index, 'name': name, 'written': fname})
    json.dump(report, sys.stdout, indent=1)


if __name__ == '__main__':
    main()
