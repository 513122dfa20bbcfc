import { LocalHost, type FromWorker, type ToWorker } from '../src/offline/local-host.js';
import type { WorkerPort } from '../src/offline/local-session.js';

/** An in-thread stand-in for the worker: the same host, messages passed asynchronously. */
export function fakePort(): WorkerPort & { host: LocalHost; terminated: boolean } {
  const port = {
    onmessage: null as WorkerPort['onmessage'],
    terminated: false,
    host: null as unknown as LocalHost,
    postMessage(m: ToWorker) {
      const copy = structuredClone(m);
      queueMicrotask(() => port.host.handle(copy));
    },
    terminate() {
      port.terminated = true;
      port.host.stop();
    },
  };
  port.host = new LocalHost((m: FromWorker) => {
    const copy = structuredClone(m);
    queueMicrotask(() => port.onmessage?.({ data: copy } as MessageEvent<FromWorker>));
  });
  return port;
}
