import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { Db } from '../../context';
import { tokenHash } from '../../common/tokens';

/**
 * What an access link opens (decision 061): one thing, named by its purpose and id. A link is minted when its e-mail
 * is delivered (decision 026): the e-mail is queued with link kind `access:<purpose>` and the thing's id; the sender
 * stores the SHA-256 of a fresh token here. `quote`: a guest's quote; the assisted-ordering issue adds its own.
 */
export const ACCESS_PURPOSES = ['quote'] as const;
export type AccessPurpose = (typeof ACCESS_PURPOSES)[number];

/** The outbox link kind of an access link for `purpose`. */
export const accessLinkKind = (purpose: AccessPurpose) => `access:${purpose}` as const;

/** How long an access link stays valid from the e-mail's request. */
export const ACCESS_LINK_DAYS = 90;

@Entity({ tableName: 'access_link' })
@Index({ properties: ['purpose', 'target'], name: 'access_link_target_idx' })
export class AccessLink {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Property({ type: 'text' })
  purpose!: string;

  @Property({ type: 'uuid', fieldName: 'target_id' })
  target!: string;

  @Unique()
  @Property({ type: 'text' })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();
}

/** The outbox sender's half: stores the hash of the token it is about to deliver for `kind` (`access:<purpose>`). */
export async function storeAccessLink(
  db: Db,
  kind: string,
  targetId: string,
  token: string,
  expiresAt: Date,
): Promise<boolean> {
  const purpose = kind.slice('access:'.length);
  if (!kind.startsWith('access:') || !(ACCESS_PURPOSES as readonly string[]).includes(purpose)) return false;
  await db.execute(
    'insert into access_link (purpose, target_id, token_hash, expires_at) values (?, ?, ?, ?)',
    [purpose, targetId, tokenHash(token), expiresAt],
  );
  return true;
}

/**
 * The redeeming route's half: the id of what a token opens for `purpose`, `expired` for a known token past its day,
 * or `unknown` (forged, mistyped, another purpose's).
 */
export async function findAccessLink(
  db: Db,
  purpose: AccessPurpose,
  token: string,
): Promise<{ targetId: string } | 'expired' | 'unknown'> {
  if (!token || token.length > 200) return 'unknown';
  const [row] = await db.execute<{ targetId: string; live: boolean }[]>(
    `select target_id as "targetId", expires_at > now() as live from access_link
     where token_hash = ? and purpose = ?`,
    [tokenHash(token), purpose],
  );
  if (!row) return 'unknown';
  return row.live ? { targetId: row.targetId } : 'expired';
}
