import { ruleTable } from '../bots/registry.js';
import { gameArg, out, parse, UsageError } from './common.js';

export const RULES_USAGE = `Usage: expedition rules GAME [--json]

Lists the rule and decision ids of the rules document that the engine of GAME implements,
one per line as ID<TAB>summary<TAB>where (source files). --json prints an array of
{"id","summary","where"} objects instead.`;

const oneLine = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

export function rulesCommand(args: readonly string[]): number {
  const { values, positionals } = parse(args, { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } }, true);
  if (values.help) {
    out(RULES_USAGE);
    return 0;
  }
  if (positionals.length > 1) throw new UsageError(`rules takes one game, got ${positionals.join(' ')}`);
  const rows = ruleTable(gameArg(positionals[0]));
  if (values.json) out(JSON.stringify(rows.map((r) => ({ id: r.id, summary: r.summary, where: r.where }))));
  else out(rows.map((r) => `${r.id}\t${oneLine(r.summary)}\t${oneLine(r.where)}`).join('\n'));
  return 0;
}
