import { Arg, Authorized, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { textForStaff } from './mailer';

@ObjectType('OutboxEmail', { description: 'An e-mail the store queued (and sent, when SMTP_URL is set)' })
class OutboxEmailGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  toAddress!: string;

  @Field(() => String)
  kind!: string;

  @Field(() => String)
  subject!: string;

  @Field(() => String)
  textBody!: string;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { nullable: true })
  sentAt!: string | null;

  @Field(() => Int)
  attempts!: number;

  @Field(() => String, { nullable: true })
  error!: string | null;
}

/**
 * Staff read the outbox in the admin console (what was sent to whom, and why not): one-time links are never part
 * of it, and sent texts are emptied after their retention (decision 026).
 */
@Resolver()
export class OutboxResolver {
  @Authorized('Admin', 'Service', 'CustomerService')
  @Query(() => [OutboxEmailGql], {
    description: 'Newest e-mails first (at most 200), optionally to one address',
  })
  async outboxEmails(
    @Arg('to', () => String, { nullable: true }) to: string | null,
    @Arg('limit', () => Int, { defaultValue: 50 }) limit: number,
    @Ctx() ctx: RequestCtx,
  ): Promise<OutboxEmailGql[]> {
    const rows = await ctx.db.execute<OutboxEmailGql[]>(
      `select id, to_address as "toAddress", kind, subject, text_body as "textBody", created_at::text as "createdAt",
         sent_at::text as "sentAt", attempts, error
       from email_outbox where (?::text is null or lower(to_address) = lower(?))
       order by created_at desc limit ?`,
      [to?.trim() || null, to?.trim() || null, Math.min(Math.max(1, Math.trunc(limit)), 200)],
    );
    // The text never held a token (the sender mints it at delivery); say where the link goes instead.
    return rows.map((row) => ({ ...row, textBody: textForStaff(row.textBody) }));
  }
}
