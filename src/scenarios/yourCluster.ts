/**
 * The gallery's "Your cluster" entry (issue 19, part 5): how to take a snapshot of a KAI cluster in three
 * steps. The two commands are upstream's own, from KAI-Scheduler docs/plugins/snapshot.md lines 37 and 39
 * (the snapshot plugin's `/get-snapshot` endpoint, pkg/scheduler/plugins/snapshot/snapshot.go); the
 * `sleep 2` between them (line 38) only waits for the port-forward and is left to the reader.
 */
export const YOUR_CLUSTER = {
  title: 'Your cluster',
  summary:
    'Load a KAI snapshot (or Kubernetes YAML) of your own cluster: every job is explained, nothing leaves this browser.',
  steps: [
    {
      say: 'Forward the scheduler’s port:',
      command: 'kubectl port-forward -n kai-scheduler deployment/kai-scheduler-default 8081 &',
    },
    { say: 'Take the snapshot:', command: 'curl -sSf "localhost:8081/get-snapshot" -o snapshot.zip' },
    { say: 'Drop snapshot.zip on this window, or choose it:', command: null },
  ],
} as const;
