/// <reference lib="webworker" />
import { runAnalysis, type FromAnalysis, type StartAnalysis } from './analysis-run.js';

// The searches take seconds: here they never freeze the replay, and terminate() stops them at once.
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<StartAnalysis>) => runAnalysis(e.data, (m: FromAnalysis) => scope.postMessage(m));
