/**
 * A node in a Volcano session (`api/node_info.go`): its accounting and the tasks assigned to it (running,
 * releasing, pipelined, allocated).
 */
import { NodeAccount } from '../../../framework/NodeAccount';
import type { NodeSpec } from '../../../model/scenario';
import type { TaskInfo } from './JobInfo';

export class NodeInfo {
  readonly account: NodeAccount;
  readonly tasks = new Map<string, TaskInfo>();

  constructor(readonly spec: NodeSpec) {
    this.account = new NodeAccount({ ...spec.resources });
  }

  get name(): string {
    return this.spec.name;
  }
}
