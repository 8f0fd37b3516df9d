#!/usr/bin/env python3
"""Translate the KAI action tests whose table is filled by Go code, not written as a literal (developer tool).

    python3 scripts/upstream/translate_kai_code_built_cases.py <kai git dir> <commit> <out dir>

translate_kai_action_tests.py reads only literals and refuses a test whose jobs are appended by a loop. Here
each such test's Go builder is re-done by hand as the same TestTopologyBasic dict, and the dict goes through
the same translate() (same harness conventions), written as `KX-*` (hand-built, mechanically translated).
The script checks that the builder is still the one re-done here (the source must contain the lines it
mirrors), so a changed upstream test is refused rather than translated stale.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from translate_kai_action_tests import Skip, slug, translate  # noqa: E402

PREEMPT_GANG = 'pkg/scheduler/actions/preempt/preemptGang_test.go'


def scattered_nodes_for_gang():
    """KAI preemptGang_test.go getTestsScatteredNodesForGangMetadata (case #4, "flaky scenario").

    4 nodes of 1 GPU, one running 1-GPU train job per node (JobAgeInMinutes i*gpuPerNode+j), and a
    2-task preemptible-interactive gang whose tasks require node1 and node3 (NodeAffinityNames).
    """
    node_count, gpu_per_node, queue = 4, 1, 'queue'
    case = {
        'Name': 'flaky scenario',
        'Jobs': [],
        'Nodes': {},
        'Queues': [{'Name': queue, 'MaxAllowedGPUs': -1, 'GPUOverQuotaWeight': 1}],
        'JobExpectedResults': {},
    }
    names = []
    for i in range(node_count):
        node = f'node{i}'
        case['Nodes'][node] = {'GPUs': gpu_per_node}
        names.append(node)
        for j in range(gpu_per_node):
            case['Jobs'].append({
                'Name': f'job-{i}-{j}', 'RequiredGPUsPerTask': 1,
                'Priority': ('ident', 'constants.PriorityTrainNumber'), 'QueueName': queue,
                'JobAgeInMinutes': i * gpu_per_node + j,
                'Tasks': [{'State': ('ident', 'pod_status.Running'), 'NodeName': node}],
            })
    case['Jobs'].append({
        'RequiredGPUsPerTask': 1, 'Priority': ('ident', 'constants.PriorityInteractivePreemptibleNumber'),
        'Name': 'preemptor', 'QueueName': queue,
        'Tasks': [{'State': ('ident', 'pod_status.Pending'), 'NodeAffinityNames': [names[1]]},
                  {'State': ('ident', 'pod_status.Pending'), 'NodeAffinityNames': [names[3]]}],
    })
    case['JobExpectedResults']['preemptor'] = {'GPUsRequired': 2, 'Status': ('ident', 'pod_status.Pipelined'),
                                               'DontValidateGPUGroup': True}
    return case


# (file, index in the file's TestTopologyBasic order, action, builder, source lines the builder mirrors)
CASES = [
    (PREEMPT_GANG, 4, 'preempt', scattered_nodes_for_gang, [
        'func getTestsScatteredNodesForGangMetadata()',
        'nodeCount  = 4', 'gpuPerNode = 1', 'queueName  = "queue"',
        'MaxAllowedGPUs:     -1,', 'GPUOverQuotaWeight: 1,',
        'JobAgeInMinutes:     i*gpuPerNode + j,',
        'Priority:            constants.PriorityInteractivePreemptibleNumber,',
        'NodeAffinityNames: []string{nodeNames[1]},', 'NodeAffinityNames: []string{nodeNames[3]},',
        'Status:               pod_status.Pipelined,',
    ]),
]


def main():
    gitdir, commit, out = sys.argv[1:4]
    os.makedirs(out, exist_ok=True)
    for path, index, action, build, mirrored in CASES:
        src = subprocess.run(['git', '-C', gitdir, 'show', f'{commit}:{path}'], check=True,
                             capture_output=True, text=True).stdout
        missing = [line for line in mirrored if line not in src]
        if missing:
            print(f'{path} #{index}: upstream builder changed, not translated (missing: {missing})')
            continue
        try:
            name, text = translate(build(), action, path, index, commit)
        except Skip as e:
            print(f'{path} #{index}: {e}')
            continue
        text = text.replace('# Translated mechanically by scripts/upstream/translate_kai_action_tests.py',
                            '# Built by scripts/upstream/translate_kai_code_built_cases.py (the Go builder re-done by\n'
                            '# hand), then translated by translate_kai_action_tests.py', 1)
        short = path.split('/')[-1].replace('_test.go', '').replace('_', '')
        prefix = {'reclaim': 'R', 'preempt': 'P', 'consolidation': 'C', 'allocate': 'A'}[action]
        fname = f'KX-{prefix}-{short}-{index:02d}-{slug(name)}.yaml'
        with open(os.path.join(out, fname), 'w') as f:
            f.write(text)
        print(f'{path} #{index}: {fname}')


if __name__ == '__main__':
    main()
