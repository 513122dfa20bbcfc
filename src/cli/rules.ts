import type { AnyGame } from '../core/game.js';
import { RULE_IDS, type RuleId } from '../games/relic-runners/rule-ids.js';
import { RULE_IDS as QUETZAL_RULE_IDS } from '../games/quetzal/rule-ids.js';
import { gameArg, out, parse, UsageError } from './common.js';

export const RULES_USAGE = `Usage: expedition rules GAME [--json]

Lists the rule and decision ids of the rules document that the engine of GAME implements,
one per line as ID<TAB>summary<TAB>where (source files). --json prints an array of
{"id","summary","where"} objects instead.`;

/** Rule tables with summaries, per game; other games fall back to their bare ids. */
const TABLES: Readonly<Record<string, readonly RuleId[]>> = { 'relic-runners': RULE_IDS, quetzal: QUETZAL_RULE_IDS };

export function ruleTable(game: AnyGame): readonly RuleId[] {
  return TABLES[game.id] ?? game.ruleIds.map((id) => ({ id, summary: '', where: '' }));
}

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
