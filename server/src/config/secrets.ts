import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { mkdirs } from '../common/fs';
import type { AppConfig } from './env';

/**
 * SESSION_SECRET signs session cookies and CSRF tokens. Production requires it (env.ts); elsewhere a random
 * secret is generated once and kept in DATA_DIR/session-secret (mode 0600), so restarts keep sessions.
 */
export function resolveSessionSecret(config: Pick<AppConfig, 'sessionSecret' | 'dataDir'>): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  mkdirs(config.dataDir);
  const secret = randomBytes(32).toString('hex');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * SECRETS_KEY encrypts the secrets kept in clear for signing (webhook secrets, decision 068). Production requires
 * it (env.ts); elsewhere a random key is generated once and kept in DATA_DIR/secrets-key (mode 0600), so restarts
 * can still open what was sealed.
 */
export function resolveSecretsKey(config: Pick<AppConfig, 'secretsKey' | 'dataDir'>): string {
  if (config.secretsKey) return config.secretsKey;
  const file = path.join(config.dataDir, 'secrets-key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  mkdirs(config.dataDir);
  const key = randomBytes(32).toString('hex');
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}
