/**
 * What the functions' contract tests run against: a local stack with the functions served by one
 * runtime (Node in-process, or Deno). Its own file so that functions-contract.ts and the contract files
 * it includes (functions-contract-links.ts, -site-rebuild.ts) share it without importing each other.
 */
import type { Db } from '../../../supabase/local/db.ts';
import type { Mail } from '../../../supabase/local/inbox-store.ts';
import type { StackConfig } from '../../../supabase/local/config.ts';
import type { TestClient } from '../../support/stack.ts';

/** A local stack with the functions served by one runtime. */
export interface FunctionsTarget {
  /** A fresh supabase-js client: its REST calls reach the stack, its functions.invoke the runtime under test. */
  client(opts?: { serviceRole?: boolean }): TestClient;
  /** One request straight to a function, with no gateway in front (hosted hands CORS preflights to the function). */
  request(name: string, init: RequestInit): Promise<Response>;
  /** The dev inbox's mail to `to`, newest first (GET /inbox?format=json). */
  mail(to: string): Promise<Mail[]>;
  db: Db;
  close(): Promise<void>;
}

/** Starts a target; `config` as for testStack (function secrets, …). */
export type StartTarget = (config?: Partial<StackConfig>) => Promise<FunctionsTarget>;
