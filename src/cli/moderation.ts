/**
 * The operators' commands for the table chat, against the server's configured database
 * (DATABASE_URL, else the SQLite file EXPEDITION_DB or ./data/expedition.sqlite, as the server
 * opens it): the reports of chat messages, and suspending an account. The one place the CLI opens
 * the server's store (eslint.config.js allows this file alone), loaded only when these commands
 * run, so that the other commands load nothing of the server.
 */
import { CommandError, intOption, out, parse, UsageError } from './common.js';

export const REPORTS_USAGE = `Usage: expedition reports list [--limit N] [--json]

Lists the reported chat messages, the latest report first, against the server's database
(DATABASE_URL, else the SQLite file EXPEDITION_DB, default ./data/expedition.sqlite): one per line
as report<TAB>reported at (UTC)<TAB>game<TAB>room<TAB>speaker (seat name, [account])<TAB>
reporter<TAB>message (a text, or a quick phrase as phrase:CODE). --limit: at most N (default 50).
--json prints an array of the reports instead.`;

export const ACCOUNTS_USAGE = `Usage: expedition accounts suspend NAME [--reason TEXT]
       expedition accounts unsuspend NAME

Suspends the account NAME (or lifts its suspension), in the server's database (DATABASE_URL, else
the SQLite file EXPEDITION_DB, default ./data/expedition.sqlite). A suspended account cannot sign
in, use the sessions it has, start a game or chat; it is told so in words.`;

type Store = Awaited<ReturnType<typeof import('../server/store-open.js').openStore>>;

/** Opens the configured store (its log's warnings on stderr), runs `fn`, and closes it. */
async function withStore<T>(fn: (store: Store) => Promise<T>): Promise<T> {
  const [{ openStore }, { serverLog }] = await Promise.all([import('../server/store-open.js'), import('../server/log.js')]);
  const store = await openStore(process.env, serverLog({ level: 'warn', stream: process.stderr }));
  try {
    return await fn(store);
  } finally {
    await store.close();
  }
}

/** A stored text on one line of a tab-separated listing (texts hold no control character: the server refuses them). */
const cell = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ');

export async function reportsCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parse(
    args,
    { limit: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
    true,
  );
  if (values.help) {
    out(REPORTS_USAGE);
    return 0;
  }
  if (positionals.length !== 1 || positionals[0] !== 'list') throw new UsageError('reports takes one subcommand: list');
  const limit = intOption('limit', values.limit, 50, 1, 10_000);
  const reports = await withStore((s) => s.chat.reports(limit));
  if (values.json) {
    out(JSON.stringify(reports));
    return 0;
  }
  if (reports.length === 0) {
    out('no reports');
    return 0;
  }
  out(
    reports
      .map((r) =>
        [
          `#${r.id}`,
          new Date(r.at).toISOString(),
          r.gameId,
          r.message.room,
          `${cell(r.message.name)}${r.speakerAccount !== null ? ` [${r.speakerAccount}]` : ''}`,
          cell(r.reporterName ?? r.reporterId),
          r.message.text !== null ? cell(r.message.text) : `phrase:${r.message.phrase}`,
        ].join('\t'),
      )
      .join('\n'),
  );
  return 0;
}

export async function accountsCommand(args: readonly string[]): Promise<number> {
  const { values, positionals } = parse(args, { reason: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    out(ACCOUNTS_USAGE);
    return 0;
  }
  const [action, name, ...rest] = positionals;
  if ((action !== 'suspend' && action !== 'unsuspend') || name === undefined || rest.length > 0)
    throw new UsageError('accounts takes: suspend NAME [--reason TEXT], or unsuspend NAME');
  if (action === 'unsuspend' && values.reason !== undefined) throw new UsageError('--reason goes with suspend only');
  const reason = values.reason ?? 'suspended by an operator';
  if (reason.length > 500) throw new UsageError('--reason is at most 500 characters');
  return withStore(async (store) => {
    const account = await store.accounts.accountByName(name);
    if (account === null) throw new CommandError(`no account named "${name}"`);
    if (action === 'suspend') {
      await store.chat.suspend(account.id, Date.now(), reason);
      out(`suspended ${account.name} (${account.id})`);
    } else {
      out(
        (await store.chat.unsuspend(account.id))
          ? `lifted the suspension of ${account.name} (${account.id})`
          : `${account.name} (${account.id}) was not suspended`,
      );
    }
    return 0;
  });
}
