// bcrypt ($2a$/$2b$, the format GoTrue and pgcrypto write) for the local auth service, run in a worker
// thread: hashing costs tens of milliseconds of CPU, and on the main thread it would stall the embedded
// database that every other request waits on (issue 9). GoTrue likewise hashes in its own process, not
// in Postgres. Plain JavaScript because a worker thread of Node 20 cannot load TypeScript.
//
// Messages in: {id, op: 'hash', password, cost} or {id, op: 'verify', password, hash}.
// Messages out: {id, ok: true, value} or {id, ok: false, error}.
import { parentPort } from 'node:worker_threads';
import { randomBytes, timingSafeEqual } from 'node:crypto';

// Blowfish's initial P-array and S-boxes are the hexadecimal digits of pi's fraction: 18 + 4 * 256
// 32-bit words. They are computed once here (Machin's formula in fixed point) rather than pasted in.
function piWords(count) {
  const bits = BigInt(count * 32 + 64);
  const one = 1n << bits;
  const atanInv = (x) => {
    const xx = x * x;
    let term = one / x;
    let sum = term;
    for (let k = 1n; term !== 0n; k++) {
      term /= xx;
      const t = term / (2n * k + 1n);
      sum = k % 2n ? sum - t : sum + t;
    }
    return sum;
  };
  const pi = 16n * atanInv(5n) - 4n * atanInv(239n);
  let frac = (pi % one) >> 64n; // drop the integer part (3) and the guard bits
  const words = new Uint32Array(count);
  for (let i = count - 1; i >= 0; i--) {
    words[i] = Number(frac & 0xffffffffn);
    frac >>= 32n;
  }
  return words;
}

const PI = piWords(18 + 1024);
const P0 = new Int32Array(PI.buffer, 0, 18);
const S0 = new Int32Array(PI.buffer, 18 * 4, 1024);

const ALPHABET = './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
// bcrypt's base64 is the usual one, without padding, over another alphabet in the same order.
const encode64 = (bytes) => [...Buffer.from(bytes).toString('base64').replace(/=+$/, '')].map((c) => ALPHABET[STANDARD.indexOf(c)]).join('');
const decode64 = (text) => Buffer.from([...text].map((c) => STANDARD[ALPHABET.indexOf(c)]).join(''), 'base64');

// The block being encrypted: two module-level words rather than an array, so the hot loop below works
// on plain 32-bit integers (fast enough to run cost 10 in tens of milliseconds).
let L = 0;
let R = 0;

/** Encrypts the 64-bit block L, R in place with the schedule P, S (Int32Arrays). */
function encipher(P, S) {
  let l = L ^ P[0];
  let r = R;
  for (let i = 1; i <= 16; i += 2) {
    r ^= (((S[l >>> 24] + S[256 | ((l >>> 16) & 255)]) ^ S[512 | ((l >>> 8) & 255)]) + S[768 | (l & 255)]) ^ P[i];
    l ^= (((S[r >>> 24] + S[256 | ((r >>> 16) & 255)]) ^ S[512 | ((r >>> 8) & 255)]) + S[768 | (r & 255)]) ^ P[i + 1];
  }
  L = r ^ P[17];
  R = l;
}

/** `data` (bytes) as the cyclic stream of big-endian words Blowfish's key schedule reads. */
function words(data, count) {
  const out = new Int32Array(count);
  for (let i = 0, pos = 0; i < count; i++) {
    let w = 0;
    for (let k = 0; k < 4; k++) {
      w = (w << 8) | data[pos];
      pos = (pos + 1) % data.length;
    }
    out[i] = w;
  }
  return out;
}

/**
 * Blowfish's key schedule: `key` (as 18 words) folded into P, then P and S replaced by successive
 * encryptions, each block first mixed with the salt stream (`salt` 18 + 1024 words, or null).
 */
function expand(P, S, key, salt) {
  for (let i = 0; i < 18; i++) P[i] ^= key[i];
  L = 0;
  R = 0;
  let j = 0;
  for (let i = 0; i < 18; i += 2) {
    if (salt) {
      L ^= salt[j++];
      R ^= salt[j++];
    }
    encipher(P, S);
    P[i] = L;
    P[i + 1] = R;
  }
  for (let i = 0; i < 1024; i += 2) {
    if (salt) {
      L ^= salt[j++];
      R ^= salt[j++];
    }
    encipher(P, S);
    S[i] = L;
    S[i + 1] = R;
  }
}

const MAGIC = Buffer.from('OrpheanBeholderScryDoubt', 'latin1');

function bcrypt(password, cost, salt) {
  // The key is the UTF-8 bytes and a terminating NUL, at most 72 bytes ($2a$ and $2b$ agree there).
  const keyBytes = Buffer.concat([Buffer.from(password, 'utf8'), Buffer.alloc(1)]).subarray(0, 72);
  const key = words(keyBytes, 18);
  const saltKey = words(salt, 18);
  const saltStream = words(salt, 18 + 1024);
  const P = Int32Array.from(P0);
  const S = Int32Array.from(S0);
  expand(P, S, key, saltStream);
  for (let i = 0, rounds = 2 ** cost; i < rounds; i++) {
    expand(P, S, key, null);
    expand(P, S, saltKey, null);
  }
  const block = words(MAGIC, 6);
  for (let j = 0; j < 6; j += 2) {
    L = block[j];
    R = block[j + 1];
    for (let i = 0; i < 64; i++) encipher(P, S);
    block[j] = L;
    block[j + 1] = R;
  }
  const out = Buffer.alloc(24);
  block.forEach((w, i) => out.writeInt32BE(w, i * 4));
  return encode64(out.subarray(0, 23));
}

const FORMAT = /^\$2([abxy])\$(\d{2})\$([./A-Za-z0-9]{22})([./A-Za-z0-9]{31})$/;

function hash(password, cost) {
  const salt = randomBytes(16);
  return `$2a$${String(cost).padStart(2, '0')}$${encode64(salt)}${bcrypt(password, cost, salt)}`;
}

function verify(password, stored) {
  const m = FORMAT.exec(stored);
  if (!m) return false;
  const cost = Number(m[2]);
  if (cost < 4 || cost > 31) return false;
  const expected = Buffer.from(m[4], 'latin1');
  const actual = Buffer.from(bcrypt(password, cost, decode64(m[3]).subarray(0, 16)), 'latin1');
  return timingSafeEqual(expected, actual);
}

parentPort.on('message', ({ id, op, password, cost, hash: stored }) => {
  try {
    const value = op === 'hash' ? hash(password, cost) : verify(password, stored);
    parentPort.postMessage({ id, ok: true, value });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: String(e?.message ?? e) });
  }
});
