import { createHash, randomBytes } from 'node:crypto';

/** A secret for a link (registration, password reset): 256 random bits, URL-safe. Only its hash is stored. */
export const newToken = () => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, so a leaked table opens no account. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
