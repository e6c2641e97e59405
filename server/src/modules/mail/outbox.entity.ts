import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

/** Every e-mail the store sends: kept here (and sent through SMTP when SMTP_URL is set). */
@Entity({ tableName: 'email_outbox' })
export class OutboxEmail {
  @PrimaryKey({ type: 'uuid', defaultRaw: 'gen_random_uuid()' })
  id!: string;

  @Index()
  @Property({ type: 'text' })
  toAddress!: string;

  /** What the e-mail is for: registration, password-reset, account-exists... */
  @Property({ type: 'text' })
  kind!: string;

  @Property({ type: 'text' })
  subject!: string;

  @Property({ type: 'text' })
  textBody!: string;

  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  createdAt: Date = new Date();

  @Index({
    expression:
      'create index "email_outbox_sent_at_index" on "email_outbox" ("sent_at") where "sent_at" is not null',
  })
  @Property({ type: 'timestamptz', nullable: true })
  sentAt: Date | null = null;

  /** SMTP delivery tries so far (the sender gives up after 5). */
  @Property({ type: 'smallint', default: 0 })
  attempts: number = 0;

  /** When the sender may (re)try: claimed rows move it forward, failures back off exponentially. */
  @Index()
  @Property({ type: 'timestamptz', defaultRaw: 'now()' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  /**
   * A one-time link the text holds as LINK_TOKEN, minted only when the e-mail is delivered (never stored):
   * 'password-reset' (linkRef: the user) or 'registration' (linkRef: the registration), valid until linkExpiresAt.
   */
  @Property({ type: 'text', nullable: true })
  linkKind: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  linkRef: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  linkExpiresAt: Date | null = null;

  /**
   * A file made when the e-mail is delivered (never stored): 'quote-pdf' (attachmentRef: `<quote id>:<revision>`),
   * rendered from the database by the maker the sender was given.
   */
  @Property({ type: 'text', nullable: true })
  attachmentKind: string | null = null;

  @Property({ type: 'text', nullable: true })
  attachmentRef: string | null = null;
}
