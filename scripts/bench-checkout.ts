/**
 * Benchmark of the checkout function under concurrent carts (not a test; issue #20).
 *
 *   npm run bench:checkout [-- --seconds 20 --clients 20]
 *
 * Starts the local stack over HTTP on a free loopback port with an in-memory database (migrations +
 * seed) in a child process, so the load generator does not share its event loop, then runs N clients,
 * each pressing Checkout on a new cart of its own again and again (a mix of the shop's products: a Jah Locs
 * deposit, a kit with its terms, the planner, faux locs) and prints the latency p50/p95/p99, the rate
 * and every answer that was not a 200. Each press is the whole path a shopper waits for: the cart
 * priced, the order written, a Checkout Session created by the SDK at the local Stripe stand-in (in the
 * same process as the stack), the session attached. Against the real Stripe add its API's own latency.
 *
 * The function limits presses per client address (RATE_LIMITS.checkoutPerClient); each request here
 * comes from an address of its own in 127.0.0.0/8, as shoppers come from their own networks.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { KIT_TERMS } from '../shared/rules/commerce.ts';
import type { CartLine } from '../shared/cart.ts';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const CARTS: { lines: CartLine[]; kitTerms?: string }[] = [
  { lines: [{ product: 'jah-locs', configuration: { length: '24-26', size: 'MD', color: 'multi-tone', quantity: 40 }, quantity: 1 }] },
  { lines: [{ product: 'crown-planner', configuration: { tier: 'bundle' }, quantity: 1 }] },
  {
    lines: [
      { product: 'lock-kit', configuration: { size: 'SM', count: 40, length: '16-18', color: 'burgundy', addOns: ['satin-bag'] }, quantity: 1 },
      { product: 'handmade-locs', configuration: {}, quantity: 2 },
    ],
    kitTerms: KIT_TERMS.version,
  },
  {
    lines: [
      { product: 'trinity-locs', configuration: { length: 24, size: 'SM', color: 'honey-blonde' }, quantity: 2 },
      { product: 'crown-planner', configuration: { tier: 'pdf' }, quantity: 1 },
    ],
  },
];

// ---------------------------------------------------------------- server side (child process)
async function serveForBench() {
  const { serve } = await import('../supabase/local/server.ts');
  const s = await serve({ port: 0, host: '127.0.0.1', dataDir: undefined, config: { stripe: { webhookUrl: '' } } });
  process.send?.({ url: s.url, anonKey: s.stack.config.anonKey });
  process.on('disconnect', () => void s.close().then(() => process.exit(0)));
}

// ---------------------------------------------------------------- load side
let address = 0;
/** A loopback address of its own for each request: 127.1.x.y. */
const nextAddress = () => {
  address = (address + 1) % 60_000;
  return `127.1.${Math.floor(address / 250)}.${(address % 250) + 1}`;
};

function press(url: string, anonKey: string, body: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = request(
      `${url}/functions/v1/checkout`,
      {
        method: 'POST',
        localAddress: nextAddress(),
        headers: { apikey: anonKey, authorization: `Bearer ${anonKey}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
    req.end(body);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function main() {
  const seconds = arg('seconds', 20);
  const clients = arg('clients', 20);
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const { url, anonKey } = await new Promise<{ url: string; anonKey: string }>((ok) => child.once('message', (m) => ok(m as { url: string; anonKey: string })));
  // Each press is a new cart (its own id): a cart pressed again would reuse its session.
  const body = (i: number) => JSON.stringify({ ...CARTS[i % CARTS.length], cart: randomUUID() });
  // Warm-up: each cart once (module loading, first queries).
  for (let i = 0; i < CARTS.length; i++) await press(url, anonKey, body(i));

  const latencies: number[] = [];
  const failures = new Map<number, number>();
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = c; Date.now() < until; i++) {
        const r = await press(url, anonKey, body(i));
        if (r.status === 200) latencies.push(r.ms);
        else failures.set(r.status, (failures.get(r.status) ?? 0) + 1);
      }
    }),
  );
  child.disconnect();
  latencies.sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(0)} ms`;
  console.log(`checkout, ${clients} concurrent carts for ${seconds} s (local stack, in-memory PGlite, local Stripe stand-in)`);
  console.log(`  presses:    ${latencies.length} ok, ${(latencies.length / seconds).toFixed(1)}/s`);
  console.log(`  latency:    p50 ${f(pct(latencies, 50))}   p95 ${f(pct(latencies, 95))}   p99 ${f(pct(latencies, 99))}   max ${f(latencies.at(-1) ?? NaN)}`);
  console.log(`  not 200:    ${failures.size ? [...failures].map(([s, n]) => `${n} × ${s || 'no answer'}`).join(', ') : 'none'}`);
}

if (process.argv.includes('--serve')) await serveForBench();
else await main();
