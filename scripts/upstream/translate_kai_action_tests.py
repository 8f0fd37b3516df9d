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
              'JobAgeInMinutes', 'Tasks', 'RootSubGroupSet', 'RequiredCPUsPerTask', 'RequiredMemoryPerTask',
              'IsBestEffortJob'}
TASK_FIELDS = {'Name', 'State', 'NodeName', 'Priority', 'GPUGroups', 'RequiredGPUs', 'NodeAffinityNames'}
NODE_FIELDS = {'GPUs', 'GPUMemory', 'CPUMillis', 'CPUMemory'}
QUEUE_FIELDS = {'Name', 'Priority', 'DeservedGPUs', 'MaxAllowedGPUs', 'GPUOverQuotaWeight', 'ParentQueue',
                'DeservedCPUs', 'DeservedMemory', 'MaxAllowedCPUs', 'MaxAllowedMemory'}
DEPT_FIELDS = {'Name', 'DeservedGPUs', 'MaxAllowedGPUs', 'MaxAllowedCPUs', 'MaxAllowedMemory'}
TOPOLOGY_FIELDS = {'Name', 'Jobs', 'Nodes', 'Queues', 'Departments', 'DisableDefaultDepartment',
                   'JobExpectedResults', 'TaskExpectedResults', 'Mocks'}
# Fields that make CPU and memory matter: the case is then written with every CPU and memory amount
# (cpu_memory_mode below); cases without them keep leaving CPU and memory out.
CPU_MEMORY_FIELDS = {'RequiredCPUsPerTask', 'RequiredMemoryPerTask', 'CPUMillis', 'CPUMemory', 'DeservedCPUs',
                     'DeservedMemory', 'MaxAllowedCPUs', 'MaxAllowedMemory'}
# The node label the harness's NodeAffinityNames select on; every fake node carries it with its own name
# (KAI pkg/scheduler/test_utils/tasks_fake/tasks.go:22 NodeAffinityKey, nodes_fake/nodes.go:193 @d5bc503).
NODE_AFFINITY_KEY = 'kai.scheduler/type'
EXPECT_FIELDS = {'NodeName', 'GPUsRequired', 'Status', 'DontValidateGPUGroup', 'GPUGroups', 'GPUsAccepted'}


class Skip(Exception):
    pass


def num(v):
    if isinstance(v, bool):
        raise Skip(f'boolean where a number was expected: {v}')
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, tuple) and v[0] == 'call' and v[1] in ('ptr.To', 'pointer.Int', 'pointer.Int32', 'pointer.Float64',
                                                         'test_utils.CreateFloat64Pointer') and len(v[2]) == 1:
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


def cpu_memory_mode(case):
    """True when the case sets any CPU or memory amount, so CPU and memory must be written out."""
    objs = list(case.get('Jobs') or []) + list((case.get('Nodes') or {}).values()) + list(case.get('Queues') or [])
    objs += list(case.get('Departments') or [])
    return any(isinstance(o, dict) and set(o) & CPU_MEMORY_FIELDS for o in objs)


# Harness units. A task's RequiredCPUsPerTask and a node's CPUMillis are plain numbers given to
# resource.MustParse, hence cores despite the name; memory is in bytes. Unset: 1 CPU and 1G per task
# (KAI pkg/scheduler/test_utils/resources_fake/resources.go:16-17 DefaultCPU/DefaultMemory, used whenever
# the GPU is given, jobs_fake/jobs.go:285-303), 20000 CPU and 20G allocatable per node
# (nodes_fake/nodes.go:38-39). A queue's DeservedCPUs/MaxAllowedCPUs are Queue CRD millicores and
# DeservedMemory/MaxAllowedMemory MB (10^6 bytes, proportion.go:49); unset: quota -1, limit -1, OQW 1
# (test_utils_builder.go:144-171 queues, 223-242 departments, 44 defaultOverQuotaWeight). All @d5bc503.
NODE_CPU_CORES, NODE_MEMORY_BYTES = 20000, 20e9
TASK_CPU_CORES, TASK_MEMORY_BYTES = 1, 1e9


def queue_amount(q, key, scale):
    v = q.get(key)
    return -1 if v is None else num(v) * scale


def cpu_memory_entries(q):
    """The `cpu` and `memory` entries of a queue or department, in scenario units (cores, bytes)."""
    # CPU divides by 1000 (one correctly rounded step, as mapQueues.ts fromKaiUnits does).
    cpu_q = -1 if q.get('DeservedCPUs') is None else num(q['DeservedCPUs']) / 1000
    cpu_l = -1 if q.get('MaxAllowedCPUs') is None else num(q['MaxAllowedCPUs']) / 1000
    mem_q = queue_amount(q, 'DeservedMemory', 1e6)
    mem_l = queue_amount(q, 'MaxAllowedMemory', 1e6)
    return (f'cpu: {{quota: {fmt(cpu_q)}, limit: {fmt(cpu_l)}, overQuotaWeight: 1}}, '
            f'memory: {{quota: {fmt(mem_q)}, limit: {fmt(mem_l)}, overQuotaWeight: 1}}')


def check_gpu_groups(running):
    """Accepts fractional running tasks pinned to GPU groups only where the lab puts them the same way.

    The format has no device field: a task running at t=0 gets its devices when the first session opens,
    in job and task order, a whole GPU on the lowest fully free devices and a fraction on the fullest device
    with room (src/engine/profiles/kai/session/openSession.ts, framework/NodeInfo.ts pickGpus). The case is
    translated when that gives the pinned fractions the same grouping as the test's GPU groups (which tasks
    share a device), else refused.
    """
    by_node = {}
    for r in running:
        by_node.setdefault(r['node'], []).append(r)
    for node, tasks in by_node.items():
        free = [1.0] * int(tasks[0]['node_gpus'])
        device_of = {}
        for t in tasks:
            g = t['gpus']
            if g <= 0:
                continue
            if g >= 1:
                picks = [i for i, f in enumerate(free) if f >= 1 - 1e-9][:int(g)]
                for i in picks:
                    free[i] = 0.0
                continue
            room = [i for i, f in enumerate(free) if f + 1e-9 >= g]
            if not room:
                raise Skip(f'fractional task of {t["job"]} does not fit node {node} as the lab packs it')
            best = min(room, key=lambda i: (free[i], i))
            free[best] -= g
            device_of[t['task']] = best
        pinned = [t for t in tasks if t['group'] is not None]
        for a in pinned:
            for b in pinned:
                if (a['group'] == b['group']) != (device_of.get(a['task']) == device_of.get(b['task'])):
                    raise Skip(f'fractional task of {a["job"]} pinned to a GPU group the lab would not give it '
                               '(the format has no device field)')


def translate(case, action, source_path, index, commit):
    if isinstance(case, tuple):
        raise Skip(case[1])
    only(case, TOPOLOGY_FIELDS, 'the test')
    name = case.get('Name', f'case {index}')
    jobs = case.get('Jobs') or []
    nodes = case.get('Nodes') or {}
    if isinstance(jobs, tuple) and jobs[0] == 'call' and jobs[1] == 'make':
        # The table starts empty and code fills it (preemptGang_test.go getTestsScatteredNodesForGangMetadata):
        # nothing to read here; such a test is translated by hand.
        raise Skip('jobs and nodes are built by code after the literal (make), translated by hand')
    queues = [dict(q) for q in (case.get('Queues') or [])]
    depts = [dict(d) for d in (case.get('Departments') or [])]
    if not isinstance(nodes, dict):
        raise Skip('nodes are not a literal map')
    if isinstance(jobs, dict) and not jobs:
        jobs = []
    cpu_mem = cpu_memory_mode(case)
    affinity = any(t.get('NodeAffinityNames') for j in jobs for t in (j.get('Tasks') or []))
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
        if cpu_mem:
            qlines.append('    resources: {gpu: {quota: -1, limit: -1, overQuotaWeight: 1}, '
                          + cpu_memory_entries({}) + '}')
        else:
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
        extra = ', ' + cpu_memory_entries({k: v for k, v in d.items() if k.startswith('MaxAllowed')}) if cpu_mem else ''
        qlines.append(f'    resources: {{gpu: {{quota: {fmt(quota)}, limit: {fmt(limit)}, overQuotaWeight: {fmt(oqw_dept)}}}{extra}}}')
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
        extra = ', ' + cpu_memory_entries(q) if cpu_mem else ''
        qlines.append(f'    resources: {{gpu: {{quota: {fmt(quota)}, limit: {fmt(limit)}, overQuotaWeight: {fmt(oqw)}}}{extra}}}')
    nlines = []
    for nname in sorted(nodes):
        n = nodes[nname]
        only(n, NODE_FIELDS, f'node {nname}')
        res = f'gpu: {fmt(n.get("GPUs", 0))}'
        if cpu_mem:
            res += f', cpu: {fmt(n.get("CPUMillis") or NODE_CPU_CORES)}, memory: {fmt(n.get("CPUMemory") or NODE_MEMORY_BYTES)}'
        labels = f', labels: {{{quote(NODE_AFFINITY_KEY)}: {quote(nname)}}}' if affinity else ''
        nlines.append(f'  - {{name: {quote(nname)}, resources: {{{res}}}{labels}}}')
    # Jobs: stable sort by priority (desc); created now-(N-i) min unless JobAgeInMinutes (jobs_fake.go).
    order = sorted(range(len(jobs)), key=lambda i: -num(jobs[i].get('Priority', 0)))
    created = {}
    for rank, i in enumerate(order):
        age = num(jobs[i].get('JobAgeInMinutes', 0))
        created[i] = age if age else len(jobs) - rank
    jlines = []
    task_names = {}
    initial = {}
    running = []
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
        best_effort = j.get('IsBestEffortJob') is True
        if best_effort:
            out.append('    # harness: IsBestEffortJob, its pods request no GPU, CPU or memory (jobs_fake/jobs.go:285-287)')
        statuses = []
        for t in tasks:
            only(t, TASK_FIELDS, f'a task of {jname}')
            statuses.append(status_name(t.get('State', ('ident', 'pod_status.Pending')), STATUS_IN, f'initial task of {jname}'))
        if 'Running' in statuses:
            out.append('    startedAt: -60s')
        if best_effort and cpu_mem:
            out.append('    resources: {gpu: 0, cpu: 0, memory: 0}')
        elif best_effort:
            out.append('    resources: {gpu: 0}')
        elif cpu_mem:
            cpu = num(j.get('RequiredCPUsPerTask', 0)) or TASK_CPU_CORES
            mem = num(j.get('RequiredMemoryPerTask', 0)) or TASK_MEMORY_BYTES
            out.append(f'    resources: {{gpu: {fmt(gpus)}, cpu: {fmt(cpu)}, memory: {fmt(mem)}}}')
        else:
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
                groups = t.get('GPUGroups')
                if groups and fractional and len(groups) != 1:
                    raise Skip(f'fractional task of {jname} pinned to several GPU groups')
                if t['NodeName'] not in nodes:
                    raise Skip(f'running task of {jname} on unknown node {t["NodeName"]}')
                task_gpus = 0 if best_effort else num(t['RequiredGPUs']) if t.get('RequiredGPUs') is not None else gpus
                running.append({'job': jname, 'task': tname, 'node': t['NodeName'], 'gpus': task_gpus,
                                'node_gpus': num(nodes[t['NodeName']].get('GPUs', 0)),
                                'group': groups[0] if groups and fractional else None})
            if t.get('Priority') is not None:
                fields.append(f'priority: {fmt(t["Priority"])}')
            if t.get('RequiredGPUs') is not None:
                fields.append(f'resources: {{gpu: {fmt(t["RequiredGPUs"])}}}')
            names_ = t.get('NodeAffinityNames')
            if names_:
                if len(names_) != 1:
                    raise Skip(f'a task of {jname} has NodeAffinityNames with several values (a nodeSelector matches one)')
                fields.append(f'nodeSelector: {{{quote(NODE_AFFINITY_KEY)}: {quote(names_[0])}}}')
            out.append('      - {' + ', '.join(fields) + '}')
        task_names[jname] = names
        jlines.extend(out)
    if any(r['group'] is not None for r in running):
        check_gpu_groups(running)
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
    evicted_none = False
    if not exp_tasks:
        if case.get('JobExpectedResults') or case.get('TaskExpectedResults'):
            raise Skip('no expectation')
        # No expected result: the test still fails on a cache call its mocks do not allow. Evict is expected
        # only with NumberOfCacheEvictions > 0 (test_utils.go:414-417); the Bind and TaskPipelined bounds are
        # upper bounds (MaxTimes) not stated here.
        cache = (case.get('Mocks') or {}).get('CacheRequirements') or {}
        if num(cache.get('NumberOfCacheEvictions', 0)) != 0:
            raise Skip('no expectation')
        evicted_none = True
    rel = source_path
    test_file = rel.split('/')[-1]
    header = [
        f'# {name}',
        f'# Source: kai-scheduler/KAI-Scheduler @{commit[:7]} {rel} case #{index} "{name}"',
        '# Translated mechanically by scripts/upstream/translate_kai_action_tests.py with the harness conventions of',
        '# pkg/scheduler/test_utils (INDEX.md): one session running only the tested action; minruntime without arguments;',
        '# running jobs startedAt -60s; jobs stably sorted by priority (desc) and created now-(N-i) min (or',
        '# JobAgeInMinutes); GPU limit 0 = unlimited (-1); GPU overQuotaWeight as written (unset = 0); departments',
    ]
    header += [
        '# have quota = OQW = DeservedGPUs; gang minAvailable = tasks unless DefaultSubGroup(n); CPU and memory left',
        '# out (1 CPU/1G per task against 20000 CPU/20G per node and unlimited queue CPU/memory never constrain).',
    ] if not cpu_mem else [
        '# have quota = OQW = DeservedGPUs; gang minAvailable = tasks unless DefaultSubGroup(n). CPU and memory as the',
        '# harness makes them: task CPU and node CPUMillis are cores (resource.MustParse of a plain number), memory',
        '# bytes, unset 1 CPU/1G per task and 20000 CPU/20G per node; queue CPU in millicores (/1000) and memory in',
        '# MB (x10^6), unset quota -1, limit -1, OQW 1.',
    ]
    header += [
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
        'jobs:' if jlines else 'jobs: []',
        *jlines,
        'run: {sessions: 1}',
        'expect:',
        '  - session: 1',
    ]
    if affinity:
        body[body.index('nodes:')] = ('# harness: NodeAffinityNames is a required node affinity on label '
                                      f'{NODE_AFFINITY_KEY}, which every\n'
                                      '# node carries with its own name (tasks_fake/tasks.go:99-116, nodes_fake/nodes.go:193)\nnodes:')
    if exp_tasks:
        body += ['    tasks:', *exp_tasks]
    if evicted_none:
        body += ['    # harness: the test has no expected result, but its cache mock allows no Evict call',
                 '    evicted: []']
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
