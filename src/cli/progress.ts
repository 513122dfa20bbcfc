import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, payload: Record<string, string | number>): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

/** A progress bar on stderr when stderr is a terminal; silent otherwise (pipes, files, CI logs). */
const SIMULATE_FORMAT = '{finished} finished, {capped} capped | {rate} dec/s';

export function progressBar(
  total: number,
  label: string,
  stream: NodeJS.WriteStream = process.stderr,
  details = SIMULATE_FORMAT,
): Progress {
  if (!stream.isTTY) return SILENT;
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: `${label} |{bar}| {value}/{total} games | ${details} | ETA {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { finished: 0, capped: 0, rate: 0, leader: '' });
  return {
    update: (done, payload) => bar.update(done, payload),
    stop: () => bar.stop(),
  };
}
