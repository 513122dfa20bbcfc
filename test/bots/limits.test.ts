/** Every budget a bot spec asks for is bounded (src/bots/limits.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidInput } from '../../src/core/errors.js';
import { botFromSpec } from '../../src/bots/index.js';
import { parseGreedyArg } from '../../src/bots/greedy.js';
import { parseIsmctsArg } from '../../src/bots/ismcts.js';
import { ISMCTS_SETTING_RANGES, MAX_GREEDY_BUDGET, MAX_ISMCTS_ITERATIONS, MAX_THINK_MS } from '../../src/bots/limits.js';

const refused = (spec: string, message: RegExp) =>
  assert.throws(
    () => botFromSpec(spec),
    (e: unknown) => e instanceof InvalidInput && message.test(e.message),
    spec,
  );

test('names of Object.prototype are not bots', () => {
  for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__']) {
    refused(name, new RegExp(`^unknown bot "${name}" \\(known: random, greedy, ismcts\\)$`));
    refused(`${name}:1`, /unknown bot/);
  }
});

test('ismcts think time is bounded by the limit, which a caller may lower', () => {
  assert.equal(MAX_THINK_MS, 10_000);
  assert.deepEqual(parseIsmctsArg('10s'), { ms: 10_000 });
  assert.deepEqual(parseIsmctsArg('10000ms'), { ms: 10_000 });
  refused('ismcts:99999999s', /^bot "ismcts:99999999s": think time 99999999 s is above the limit of 10 s$/);
  refused('ismcts:10.001s', /think time 10.001 s is above the limit of 10 s/);
  refused('ismcts:10001ms', /think time 10001 ms is above the limit of 10000 ms/);
  // Digits that overflow to Infinity.
  refused(`ismcts:${'9'.repeat(400)}ms`, /is above the limit/);
  assert.throws(() => botFromSpec('ismcts:2s', { maxMs: 1500 }), /think time 2 s is above the limit of 1.5 s/);
  assert.equal(botFromSpec('ismcts:1s', { maxMs: 1500 }).timeLimitMs, 1000);
  // The bare spec thinks 1 s, or the lowered limit when it is below that.
  assert.deepEqual(parseIsmctsArg(undefined, { maxMs: 300 }), { ms: 300 });
});

test('ismcts iterations are a whole number within the limit', () => {
  assert.deepEqual(parseIsmctsArg(`${MAX_ISMCTS_ITERATIONS}it`), { iterations: MAX_ISMCTS_ITERATIONS });
  refused('ismcts:99999999it', /^bot "ismcts:99999999it": 99999999 iterations are above the limit of 20000$/);
  refused(`ismcts:${MAX_ISMCTS_ITERATIONS + 1}it`, /above the limit/);
  // Rounded to 0 iterations, this once built a bot that threw on its first decision.
  refused('ismcts:0.4it', /iterations must be a whole number/);
  refused('ismcts:0it', /must be positive/);
});

test('every ismcts setting must be finite and within its range', () => {
  const inRange: Record<keyof typeof ISMCTS_SETTING_RANGES, [string, string]> = {
    max: ['1000', '1001'],
    potential: ['1', '1.5'],
    c: ['10', '10.5'],
    scale: ['100', '0'],
    rollout: ['50', '51'],
    shrink: ['0.99', '1'],
    bias: ['10', '10.5'],
    per: ['1000000', '1000001'],
  };
  for (const [name, [ok, bad]] of Object.entries(inRange)) {
    assert.doesNotThrow(() => botFromSpec(`ismcts:100it+${name}=${ok}`), name);
    refused(`ismcts:100it+${name}=${bad}`, new RegExp(`setting "${name}=${bad.replace('.', '\\.')}" is outside`));
    refused(`ismcts:100it+${name}=${'9'.repeat(400)}`, /is outside/);
  }
  refused('ismcts:100it+max=1.5', /must be a whole number/);
  refused('ismcts:100it+rollout=2.5', /must be a whole number/);
  refused('ismcts:100it+per=2.5', /must be a whole number/);
  refused('ismcts:100it+c=-1', /unknown setting/);
  refused('ismcts:100it+c=NaN', /unknown setting/);
  refused('ismcts:100it+constructor=1', /unknown setting "constructor=1"/);
  refused('ismcts:100it+__proto__=1', /unknown setting "__proto__=1"/);
});

test('the greedy node budget is within the limit', () => {
  assert.deepEqual(parseGreedyArg(String(MAX_GREEDY_BUDGET)), { budget: MAX_GREEDY_BUDGET });
  assert.equal(botFromSpec('greedy:self,5000').name, 'greedy:self,5000');
  refused('greedy:99999999999999', /^bot "greedy:99999999999999": node budget 99999999999999 is above the limit of 5000$/);
  refused(`greedy:${MAX_GREEDY_BUDGET + 1}`, /above the limit/);
  refused(`greedy:${'9'.repeat(400)}`, /above the limit/);
});

test('a spec is read whole: no argument is silently dropped', () => {
  refused('random:99999999', /^bot "random:99999999": random takes no argument$/);
  refused('greedy:500:junk', /unknown argument "500:junk"/);
  refused('ismcts:1s:2s', /must look like 500ms, 2s or 2000it/);
  assert.equal(botFromSpec('ismcts').name, 'ismcts');
  assert.equal(botFromSpec('greedy').name, 'greedy');
});
