/**
 * Node 20 gaps that the pinned tools assume are filled (Node 22 has them): vitest 5's reporter calls
 * Map.groupBy. Loaded by tests/vitest.config.ts (main process) and as a setup file (workers).
 * supabase-js 2.109 also wants a native WebSocket on Node 20: workers get --experimental-websocket.
 */
type GroupBy = <K, T>(items: Iterable<T>, key: (item: T, i: number) => K) => Map<K, T[]>;
const M = Map as unknown as { groupBy?: GroupBy };
if (typeof M.groupBy !== 'function') {
  M.groupBy = <K, T>(items: Iterable<T>, key: (item: T, i: number) => K) => {
    const out = new Map<K, T[]>();
    let i = 0;
    for (const item of items) {
      const k = key(item, i++);
      const list = out.get(k);
      if (list) list.push(item);
      else out.set(k, [item]);
    }
    return out;
  };
}
const O = Object as unknown as { groupBy?: <T>(items: Iterable<T>, key: (item: T, i: number) => PropertyKey) => Record<PropertyKey, T[]> };
if (typeof O.groupBy !== 'function') {
  O.groupBy = (items, key) => {
    const out: Record<PropertyKey, unknown[]> = Object.create(null);
    let i = 0;
    for (const item of items) (out[key(item, i++)] ??= []).push(item);
    return out as never;
  };
}
export {};
