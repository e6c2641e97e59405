import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type * as ZxcvbnModule from '@zxcvbn-ts/core';
import type * as CommonModule from '@zxcvbn-ts/language-common';

/**
 * Password hashing with scrypt at OWASP's recommended cost (N=2^15, r=8, p=3: 32 MiB, about 0.35 s here), in
 * the format `scrypt$N$r$p$salt$hash` so the cost can rise later and old hashes still verify.
 */
export const SCRYPT = { N: 2 ** 15, r: 8, p: 3, keyLength: 32, saltLength: 16 } as const;

const scrypt = (password: string, salt: Buffer, keyLength: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );

const maxmem = (N: number, r: number) => 128 * N * r * 2;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SCRYPT.saltLength);
  const { N, r, p } = SCRYPT;
  const key = await scrypt(password, salt, SCRYPT.keyLength, { N, r, p, maxmem: maxmem(N, r) });
  return `scrypt$${N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parts = (stored ?? DUMMY_HASH).split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64url');
  const expected = Buffer.from(parts[5]!, 'base64url');
  const key = await scrypt(password, salt, expected.length, { N, r, p, maxmem: maxmem(N, r) });
  // Without a stored hash the dummy is still computed, so an unknown e-mail takes as long as a wrong password.
  return stored !== null && timingSafeEqual(key, expected);
}

/** Hash of a random password: verified against when the user is unknown (same cost, always false). */
const DUMMY_HASH = `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${randomBytes(16).toString('base64url')}$${randomBytes(32).toString('base64url')}`;

/** Words of this store that make a password easy to guess here, whatever list says. */
const STORE_WORDS = ['axisline', 'axis', 'supply', 'axisline supply', 'tslot', 't-slot', 'extrusion'];

/** A password is too common below this many guesses (10^8): seconds for an offline attacker, days online. */
const MIN_GUESSES_LOG10 = 8;

let estimator: { check(password: string, userInputs?: string[]): { guessesLog10: number } } | undefined;

/**
 * zxcvbn-ts with its common dictionary: about 30,000 passwords from breach lists plus common words and names,
 * matched through leetspeak ("P@ssw0rd"), keyboard walks ("1qaz@WSX", "Zaq12wsx"), sequences, repeats and
 * dates. Built on first use (about 0.1 s, once per process).
 */
function passwordEstimator() {
  if (!estimator) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof ZxcvbnModule;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const common = require('@zxcvbn-ts/language-common') as typeof CommonModule;
    estimator = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  }
  return estimator;
}

/**
 * Passwords too easy to guess even when they pass the character rules (decision 029): fewer than 10^8 guesses
 * by zxcvbn, counting the user's own e-mail and names and this store's words as known.
 */
export function isCommonPassword(password: string, email?: string, names: string[] = []): boolean {
  const local = email?.split('@')[0] ?? '';
  const userInputs = [...STORE_WORDS, ...names, email ?? '', local, ...local.split(/[._+-]/)].filter(
    (w) => w.length >= 3,
  );
  return passwordEstimator().check(password, userInputs).guessesLog10 < MIN_GUESSES_LOG10;
}
