/**
 * A client process of the benches (forked by bench/load/procs.ts): plays its share of the games
 * with LoadClient and answers the parent's requests over IPC (protocol in procs.ts).
 */
import { LoadClient } from './client.js';
import type { ToWorker, FromWorker } from './procs.js';

let client: LoadClient | null = null;
let cpu0 = process.cpuUsage();
let tick = { acks: 0, latencies: 0 };

const reply = (m: FromWorker) => process.send!(m);

process.on('message', (raw) => {
  const m = raw as ToWorker;
  void (async () => {
    switch (m.t) {
      case 'start':
        client = new LoadClient(m.cfg);
        try {
          await client.start();
          reply({ t: 'started' });
        } catch (e) {
          reply({ t: 'failed', message: (e as Error).message });
        }
        return;
      case 'measure':
        client!.measure();
        cpu0 = process.cpuUsage();
        tick = { acks: 0, latencies: 0 };
        return;
      case 'tick': {
        const s = client!.stats;
        reply({ t: 'tick', acks: s.acks - tick.acks, latencies: s.latencies.slice(tick.latencies) });
        tick = { acks: s.acks, latencies: s.latencies.length };
        return;
      }
      case 'report': {
        const c = process.cpuUsage(cpu0);
        reply({ t: 'report', stats: client!.report(), cpuS: (c.user + c.system) / 1e6 });
        return;
      }
      case 'killed':
        client!.killed(m.node, m.at);
        return;
      case 'acks':
        reply({ t: 'acks', acked: [...client!.acked], failover: client!.failover() });
        return;
      case 'stop':
        client?.stop();
        reply({ t: 'stopped' });
        return;
    }
  })();
});
// The parent gone (killed, failed): nothing left to measure for.
process.on('disconnect', () => process.exit(0));
