/**
 * Web Worker entry: binds the SimulationHost to the worker global. The app's tsconfig has the DOM library,
 * not WebWorker (the two conflict), so the few members of the worker scope used here are typed locally.
 */
import { ENGINE } from './engine';
import type { Command, WorkerMessage } from '../protocol/messages';
import { createSimulationHost } from './SimulationHost';

interface DedicatedWorkerScope {
  postMessage(message: WorkerMessage, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<Command>) => void): void;
}

const scope = self as unknown as DedicatedWorkerScope;

// A MessageChannel round trip yields to queued messages without setTimeout's 4 ms clamping.
const channel = new MessageChannel();
const deferred: (() => void)[] = [];
channel.port1.onmessage = () => {
  const task = deferred.shift();
  // Uncaught errors from a task propagate to the worker's error event: the client treats that as a crash.
  task?.();
};
const defer = (task: () => void): void => {
  deferred.push(task);
  channel.port2.postMessage(null);
};

const host = createSimulationHost({
  engine: ENGINE,
  post: (message, transfer) => scope.postMessage(message, transfer ?? []),
  defer,
  now: () => performance.now(),
});

scope.addEventListener('message', (event) => host.handle(event.data));
