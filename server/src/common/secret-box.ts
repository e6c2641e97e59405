import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets the store must keep in clear to use them (webhook signing secrets; later the OIDC client secret and
 * punchout's outbound credential), encrypted at rest with AES-256-GCM under a key derived from SECRETS_KEY
 * (issue 56, decision 068). A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url); a wrong key or a
 * changed byte fails to open.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(secretsKey: string) {
    if (secretsKey.length < 32) throw new Error('SECRETS_KEY must be at least 32 characters');
    this.key = createHash('sha256').update(`axisline-secrets:${secretsKey}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
