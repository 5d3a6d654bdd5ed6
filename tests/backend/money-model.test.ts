/**
 * Every cent accounted for (issue #27 §11; docs/commerce.md#never-lost-never-doubled), searched for
 * rather than listed: fast-check draws sequences of what a customer with two tabs, the admin, Stripe's
 * webhook queue and a power cut may do (support/money-commands.ts) and runs them against the real stack
 * in-process (functions, the local Stripe, PGlite; support/money.ts). After each sequence everything
 * settles (held webhooks released, bank debits settled, the reconcile job run) and the invariants must
 * hold over the real state (support/money-invariants.ts): Stripe's net is the order's paid − refunded,
 * nothing payable outlives the shop's intent, one payable session per cart, a receipt per payment and no
 * e-mail twice, only lifecycle steps in the history, numbers only on paid orders.
 *
 * `npm test` runs a fixed seed in about a minute. `npm run money-check -- --runs N --seed S` runs more
 * (scripts/money-check.ts sets the MONEY_* variables read below), and a failure prints the shrunk
 * sequence with the `seed` and `path` that replay it (tests/README.md#the-money-model).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import type { CartLine } from '../../shared/cart.ts';
import { Shop } from './support/money.ts';
import { markRun, violations } from './support/money-invariants.ts';
import { cartArb, commandArbs, newModel, type Model, type Real } from './support/money-commands.ts';

const env = process.env;
const runs = Number(env.MONEY_RUNS ?? 8);
const params: fc.Parameters<[CartLine[], Iterable<fc.AsyncCommand<Model, Real>>]> = {
  seed: Number(env.MONEY_SEED ?? 2711),
  numRuns: runs,
  ...(env.MONEY_PATH ? { path: env.MONEY_PATH } : {}),
  // Each run costs seconds, so shrinking is bounded: a counterexample still comes out short.
  endOnFailure: env.MONEY_SHRINK === '0',
  interruptAfterTimeLimit: env.MONEY_TIME_LIMIT_S ? Number(env.MONEY_TIME_LIMIT_S) * 1000 : undefined,
  markInterruptAsFailure: false,
  verbose: fc.VerbosityLevel.Verbose,
};
const maxCommands = Number(env.MONEY_COMMANDS ?? 50);
/** Checks left out, to look past a known defect on a branch without its fix: `answers`, or an invariant's letter. */
const skip = env.MONEY_SKIP?.split(',').filter(Boolean) ?? [];

let shop: Shop;
/** Sequences run to the end: fewer than asked when MONEY_TIME_LIMIT_S stopped the drawing (scripts/money-check.ts prints it). */
let completed = 0;
beforeAll(async () => {
  shop = await Shop.open();
});
afterAll(() => {
  console.log(`money-model: ${completed} of ${runs} run(s) completed`);
  return shop?.close();
});

test.prop(
  [
    cartArb,
    fc.commands(commandArbs({ slowCrashes: env.MONEY_SLOW === '1', without: env.MONEY_WITHOUT?.split(',').filter(Boolean) }), {
      maxCommands,
      size: 'max',
      replayPath: env.MONEY_REPLAY,
    }),
  ],
  params,
)(
  'money: never lost, never doubled, whatever the customer, the admin, Stripe and the power do',
  async (lines, cmds) => {
    await shop.drain();
    const run = await markRun(shop);
    const model = newModel(lines);
    try {
      await fc.asyncModelRun(() => ({ model, real: { shop, run, skip } }), cmds);
    } finally {
      // Whatever happened, the next run starts on a settled shop.
      if (shop.crashed || shop.crashAt) await shop.restart();
      await shop.drain();
    }
    const found = (await violations(shop, run)).filter((v) => !skip.includes(v.slice(1, 2)));
    if (env.MONEY_DEBUG) console.log(`${JSON.stringify(lines)} ${cmds}`, found);
    expect(found).toEqual([]);
    completed++;
  },
  Number(env.MONEY_TIMEOUT_MS ?? 10 * 60_000),
);
