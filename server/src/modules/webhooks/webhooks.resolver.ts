import {
  Arg,
  Authorized,
  Ctx,
  Field,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { WEBHOOKS_MANAGE } from '../../../../domain/webhooks';
import { authorizedFor } from '../auth';
import type { Ctx as RequestCtx } from '../../context';
import { webhooksService } from './webhooks.service';

@ObjectType('WebhookEndpoint', { description: 'A receiver of webhooks (its secret is never shown again)' })
class WebhookEndpointGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  url!: string;

  @Field(() => [String], { description: 'The event types it receives' })
  events!: string[];

  @Field(() => String)
  description!: string;

  @Field(() => Boolean)
  enabled!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Why the store turned it off: the receiver answered 410, or every attempt failed for 5 days',
  })
  disabledReason!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'The first failed attempt since the last success (null when the last attempt succeeded); after 5 days of failures the store turns the endpoint off and e-mails its keepers',
  })
  failingSince!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => String, {
    nullable: true,
    description: 'After a rotation: until when the previous secret still signs beside the new one',
  })
  previousSecretExpiresAt!: string | null;

  @Field(() => String, {
    nullable: true,
    description: "Its newest delivery's status (pending, succeeded, failed)",
  })
  lastDeliveryStatus!: string | null;
}

@ObjectType('WebhookEndpointWithSecret', {
  description: 'An endpoint and its new signing secret: copy `secret` now, it is shown only once',
})
class WebhookEndpointWithSecretGql {
  @Field(() => WebhookEndpointGql)
  endpoint!: WebhookEndpointGql;

  @Field(() => String, { description: '`whsec_` + base64: the Standard Webhooks signing secret' })
  secret!: string;
}

@ObjectType('WebhookAttempt', { description: 'One try of a delivery' })
class WebhookAttemptGql {
  @Field(() => String)
  attemptedAt!: string;

  @Field(() => Int, { nullable: true })
  responseCode!: number | null;

  @Field(() => String, { nullable: true, description: "The first 512 bytes of the receiver's answer" })
  responseBody!: string | null;

  @Field(() => String, { nullable: true, description: 'Why no answer came (refused address, timeout…)' })
  error!: string | null;

  @Field(() => Int)
  durationMs!: number;
}

@ObjectType('WebhookDelivery', { description: 'One message to one endpoint, with its attempts' })
class WebhookDeliveryGql {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  endpointId!: string;

  @Field(() => ID, { nullable: true })
  eventId!: string | null;

  @Field(() => String, { description: 'The `webhook-id` header: the same on every retry and replay' })
  messageId!: string;

  @Field(() => String)
  eventType!: string;

  @Field(() => String, { description: 'pending, succeeded or failed' })
  status!: string;

  @Field(() => Int)
  attempts!: number;

  @Field(() => String, { nullable: true })
  nextAttemptAt!: string | null;

  @Field(() => String, { nullable: true })
  lastAttemptAt!: string | null;

  @Field(() => Int, { nullable: true })
  lastResponseCode!: number | null;

  @Field(() => ID, { nullable: true, description: 'The delivery this one replays' })
  replayOf!: string | null;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { description: 'The JSON body as sent' })
  body!: string;

  @Field(() => [WebhookAttemptGql])
  attemptLog!: WebhookAttemptGql[];
}

@ObjectType('WebhookDeliveryPage')
class WebhookDeliveryPageGql {
  @Field(() => [WebhookDeliveryGql])
  items!: WebhookDeliveryGql[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  pageSize!: number;
}

@ObjectType('WebhookMessage', { description: 'A delivery just queued (a replay or a test)' })
class WebhookMessageGql {
  @Field(() => ID, { description: 'The delivery' })
  id!: string;

  @Field(() => String, { description: 'Its `webhook-id`' })
  messageId!: string;
}

@InputType('CreateWebhookEndpointInput')
class CreateWebhookEndpointInput {
  @Field(() => String)
  url!: string;

  @Field(() => [String])
  events!: string[];

  @Field(() => String, { nullable: true })
  description?: string | null;
}

@InputType('UpdateWebhookEndpointInput')
class UpdateWebhookEndpointInput {
  @Field(() => String, { nullable: true })
  url?: string | null;

  @Field(() => [String], { nullable: true })
  events?: string[] | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => Boolean, { nullable: true })
  enabled?: boolean | null;
}

/** Transport only: every rule is the service's (decision 068). */
@Resolver()
export class WebhooksResolver {
  @Authorized(...authorizedFor(WEBHOOKS_MANAGE))
  @Query(() => [WebhookEndpointGql], { description: 'Webhook endpoints, newest first' })
  webhookEndpoints(@Ctx() ctx: RequestCtx): Promise<WebhookEndpointGql[]> {
    return webhooksService.list(ctx);
  }

  @Authorized(...authorizedFor(WEBHOOKS_MANAGE))
  @Mutation(() => WebhookEndpointWithSecretGql, {
    description: 'Registers an endpoint; its secret is shown once',
  })
  createWebhookEndpoint(
    @Arg('input', () => CreateWebhookEndpointInput) input: CreateWebhookEndpointInput,
    @Ctx() ctx: RequestCtx,
  ): Promise<WebhookEndpointWithSecretGql> {
    return webhooksService.create(ctx, { ...input, description: input.description ?? '' });
  }

  @Authorized(...authorizedFor(WEBHOOKS_MANAGE))
  @Mutation(() => WebhookEndpointGql)
  updateWebhookEndpoint(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => UpdateWebhookEndpointInput) input: UpdateWebhookEndpointInput,
    @Ctx() ctx: RequestCtx,
  ): Promise<WebhookEndpointGql> {
    return webhooksService.update(ctx, {
      id,
      url: input.url ?? undefined,
      events: input.events ?? undefined,
      description: input.description ?? undefined,
      enabled: input.enabled ?? undefined,
    });
  }

  @Authorized(...authorizedFor(WEBHOOKS_MANAGE))
  @Mutation(() => WebhookEndpointWithSecretGql, {
    description: 'A new secret, shown once; the previous one keeps signing beside it for 24 hours',
  })
  rotateWebhookSecret(
    @Arg('id', () => ID) id: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<WebhookEndpointWithSecretGql> {
    return webhooksService.rotate(ctx, { id });
  }

  @Authorized(...authorizedFor(WEBHOOKS_MANAGE))
  @Mutation(() => Boolean)
  deleteWebhookEndpoint(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx): Promise<boolean> {
    return webhooksService.remove(ctx, { id });
  }

  @Authorized(...authorizedFor(WEBHOOKS_MANAGE))
  @Query(() => WebhookDeliveryPageGql, {
    description: "An endpoint's deliveries, newest first, with attempts",
  })
  webhookDeliveries(
    @Arg('endpointId', () => ID) endpointId: string,
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Arg('page', () => Int, { nullable: true }) page: number | null,
    @Arg('pageSize', () => Int, { nullable: true }) pageSize: number | null,
    @Ctx() ctx: RequestCtx,
  ): Promise<WebhookDeliveryPageGql> {
    return webhooksService.deliveries(ctx, {
      endpointId,
      status,
      page: page ?? undefined,
      pageSize: pageSize ?? undefined,
    });
  }

  @Authorized(...authorizedFor(WEBHOOKS_MANAGE))
  @Mutation(() => WebhookMessageGql, {
    description: "Sends a delivery's message again, with the same webhook-id",
  })
  replayWebhookDelivery(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx): Promise<WebhookMessageGql> {
    return webhooksService.replay(ctx, { id });
  }

  @Authorized(...authorizedFor(WEBHOOKS_MANAGE))
  @Mutation(() => WebhookMessageGql, { description: 'Sends the endpoint a webhook.test message' })
  sendTestWebhook(
    @Arg('endpointId', () => ID) endpointId: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<WebhookMessageGql> {
    return webhooksService.sendTest(ctx, { id: endpointId });
  }
}
