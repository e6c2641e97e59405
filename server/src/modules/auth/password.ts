import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

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

/**
 * Passwords too easy to guess even when they pass the character rules ("Password1!"): the letters of the
 * password, lower-cased, form a word from this list, or the password contains the user's e-mail name.
 */
const COMMON_WORDS = new Set(
  `password passw0rd pass passwd welcome qwerty qwertyuiop asdf asdfgh asdfghjkl zxcvbn admin administrator
  letmein iloveyou monkey dragon football baseball basketball soccer hockey sunshine princess master shadow
  superman batman trustno michael jennifer jordan hunter ranger buster thomas charlie robert daniel summer
  winter spring autumn fall january february march april may june july august september october november
  december monday friday love secret login abc abcd abcde abcdef changeme default guest user test tester
  hello freedom whatever starwars pokemon killer cheese computer internet samsung google apple iphone
  axisline axis supply company business office orders store shop customer`.split(/\s+/),
);

export function isCommonPassword(password: string, email?: string): boolean {
  const letters = password.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length === 0 || COMMON_WORDS.has(letters)) return true;
  // Keyboard runs and repeated characters with a digit and a symbol added ("Aaaaaaa1!", "Abcdefg1!").
  if (/^(.)\1+$/.test(letters) || 'abcdefghijklmnopqrstuvwxyz'.includes(letters)) return true;
  const name = email
    ?.split('@')[0]
    ?.toLowerCase()
    .replace(/[^a-z]/g, '');
  return !!name && name.length >= 4 && letters.includes(name);
}
