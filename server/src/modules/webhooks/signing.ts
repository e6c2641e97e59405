import { createHmac, randomBytes } from 'node:crypto';

/** A new signing secret: `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
export const newWebhookSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` with the secret's bytes (the part after `whsec_`, base64). */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one signature per live secret, space-separated (two during a rotation). */
export const signatureHeader = (secrets: string[], id: string, timestamp: number, body: string) =>
  secrets.map((secret) => signature(secret, id, timestamp, body)).join(' ');
