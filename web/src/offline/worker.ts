/// <reference lib="webworker" />
import { LocalHost, type FromWorker, type ToWorker } from './local-host.js';

// The engine and the bots run here, so a bot that thinks for a second never freezes the page.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const host = new LocalHost((m: FromWorker) => scope.postMessage(m));
scope.onmessage = (e: MessageEvent<ToWorker>) => host.handle(e.data);
