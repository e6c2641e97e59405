import { Arg, Authorized, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import type { Ctx as RequestCtx } from '../context';
import { EVENT_FEED, authorizedFor } from '../modules/auth';
import { eventFeed } from './event-feed';

@ObjectType('FeedEvent', { description: 'A business event of the feed (decision 070)' })
class FeedEventGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'order.placed, inventory.changed… (docs/architecture.md "Events")' })
  type!: string;

  @Field(() => String, { description: 'When it happened (ISO 8601)' })
  occurredAt!: string;

  @Field(() => String)
  aggregateType!: string;

  @Field(() => String)
  aggregateId!: string;

  @Field(() => Int, { description: "The aggregate's sequence number: 1, 2, 3… in commit order" })
  sequence!: number;

  @Field(() => Int, {
    nullable: true,
    description: "The aggregate's version after the change, when it has one",
  })
  version!: number | null;

  @Field(() => GraphQLJSONObject, { description: "The webhook message's `data`" })
  data!: Record<string, unknown>;
}

@ObjectType('EventFeed', { description: 'A page of the event feed, in commit order' })
class EventFeedGql {
  @Field(() => [FeedEventGql])
  events!: FeedEventGql[];

  @Field(() => String, {
    nullable: true,
    description: 'Pass as `after` for the next page (the same cursor back when the page is empty)',
  })
  endCursor!: string | null;

  @Field(() => Boolean, { description: 'More events wait after this page' })
  hasMore!: boolean;
}

/** The event feed (decision 070): the flow event-feed.ts, as REST's GET /api/events. */
@Resolver()
export class EventFeedResolver {
  @Authorized(...authorizedFor(EVENT_FEED))
  @Query(() => EventFeedGql, {
    description:
      'The events the caller may see, in commit order, after `after` (an `endCursor`); `first` 1–500 (100 by default)',
  })
  events(
    @Arg('after', () => String, { nullable: true }) after: string | null,
    @Arg('types', () => [String], { nullable: true }) types: string[] | null,
    @Arg('first', () => Int, { nullable: true }) first: number | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return eventFeed(ctx, {
      after: after ?? undefined,
      types: types ?? undefined,
      first: first ?? undefined,
    });
  }
}
