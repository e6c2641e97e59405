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
import { PUNCHOUT_ACCESS } from '../../../../domain/punchout';
import type { Ctx as RequestCtx } from '../../context';
import { punchoutMessagesOf, punchoutSessionsOf } from './console';
import {
  punchoutCredentialOf,
  rotatePunchoutSecret,
  savePunchoutCredential,
  type PunchoutCredentialView,
} from './credentials';

/* The console's Punchout card (issue 57, decision 073): transport only, every rule is credentials.ts's or console.ts's. */

@ObjectType('PunchoutReturnUrl', { description: 'A return URL a company allows, by environment' })
class PunchoutReturnUrlGql {
  @Field(() => String, { description: 'production, test or development' })
  environment!: string;

  @Field(() => String)
  url!: string;
}

@ObjectType('PunchoutCredential', {
  description: "A company's punchout credential as staff see it: never a secret, only whether one is set",
})
class PunchoutCredentialGql {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  companyId!: string;

  @Field(() => String, { description: 'The procurement system, shown on the shop banner' })
  systemName!: string;

  @Field(() => String)
  fromDomain!: string;

  @Field(() => String)
  fromIdentity!: string;

  @Field(() => String)
  senderDomain!: string;

  @Field(() => String)
  senderIdentity!: string;

  @Field(() => Boolean, {
    description: 'A shared secret was made (rotatePunchoutSecret); it is never shown again',
  })
  hasSecret!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'After a rotation: until when the previous secret works',
  })
  previousSecretUntil!: string | null;

  @Field(() => [PunchoutReturnUrlGql])
  returnUrls!: PunchoutReturnUrlGql[];

  @Field(() => ID, {
    nullable: true,
    description: 'The user sessions act as; null: buyers matched by e-mail',
  })
  actingUserId!: string | null;

  @Field(() => String, { nullable: true })
  ociUsername!: string | null;

  @Field(() => Boolean)
  hasOciPassword!: boolean;

  @Field(() => String, { nullable: true, description: 'Where cXML StatusUpdateRequests go' })
  statusUrl!: string | null;

  @Field(() => Boolean)
  hasStatusCredential!: boolean;

  @Field(() => Boolean)
  enabled!: boolean;

  @Field(() => String)
  updatedAt!: string;

  @Field(() => Int)
  version!: number;
}

@ObjectType('PunchoutSecret', {
  description: 'A new shared secret: copy `secret` now, it is shown only once',
})
class PunchoutSecretGql {
  @Field(() => String)
  secret!: string;

  @Field(() => PunchoutCredentialGql)
  credential!: PunchoutCredentialGql;
}

@ObjectType('PunchoutMessage', { description: 'One punchout document in or out (secrets masked)' })
class PunchoutMessageGql {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { nullable: true })
  sessionId!: string | null;

  @Field(() => String, { description: 'in or out' })
  direction!: string;

  @Field(() => String, { description: 'setup-request, order-request, status-update…' })
  kind!: string;

  @Field(() => String, { nullable: true })
  payloadId!: string | null;

  @Field(() => String, { description: 'The XML (or OCI form) as it was, its secrets replaced by ***' })
  document!: string;

  @Field(() => Int, { nullable: true })
  httpStatus!: number | null;

  @Field(() => String)
  createdAt!: string;
}

@ObjectType('PunchoutMessagePage')
class PunchoutMessagePageGql {
  @Field(() => [PunchoutMessageGql])
  items!: PunchoutMessageGql[];

  @Field(() => Int)
  total!: number;

  @Field(() => Int)
  page!: number;

  @Field(() => Int)
  pageSize!: number;
}

@ObjectType('PunchoutSessionSummary', { description: 'A punchout session as staff see it' })
class PunchoutSessionSummaryGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'cxml or oci' })
  protocol!: string;

  @Field(() => String, { description: 'create, edit or inspect' })
  operation!: string;

  @Field(() => String)
  userEmail!: string;

  @Field(() => String)
  buyerCookie!: string;

  @Field(() => String)
  returnUrl!: string;

  @Field(() => Boolean)
  framed!: boolean;

  @Field(() => String)
  createdAt!: string;

  @Field(() => String, { nullable: true })
  openedAt!: string | null;

  @Field(() => String, { nullable: true })
  lastSeenAt!: string | null;

  @Field(() => String, { nullable: true })
  endedAt!: string | null;
}

@InputType('PunchoutReturnUrlInput')
class PunchoutReturnUrlInput {
  @Field(() => String)
  environment!: string;

  @Field(() => String)
  url!: string;
}

@InputType('PunchoutCredentialInput')
class PunchoutCredentialInput {
  @Field(() => String)
  systemName!: string;

  @Field(() => String)
  fromDomain!: string;

  @Field(() => String)
  fromIdentity!: string;

  @Field(() => String)
  senderDomain!: string;

  @Field(() => String)
  senderIdentity!: string;

  @Field(() => [PunchoutReturnUrlInput])
  returnUrls!: PunchoutReturnUrlInput[];

  @Field(() => ID, { nullable: true })
  actingUserId?: string | null;

  @Field(() => String, { nullable: true })
  ociUsername?: string | null;

  @Field(() => String, { nullable: true, description: 'A new OCI password; empty keeps the current one' })
  ociPassword?: string | null;

  @Field(() => String, { nullable: true })
  statusUrl?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'A new shared secret for StatusUpdateRequests (kept sealed); empty keeps the current one',
  })
  statusCredential?: string | null;

  @Field(() => Boolean)
  enabled!: boolean;
}

const credentialGql = (c: PunchoutCredentialView): PunchoutCredentialGql => ({
  ...c,
  previousSecretUntil: c.previousSecretUntil ? new Date(c.previousSecretUntil).toISOString() : null,
  updatedAt: new Date(c.updatedAt).toISOString(),
});

@Resolver()
export class PunchoutConsoleResolver {
  @Authorized(...PUNCHOUT_ACCESS)
  @Query(() => PunchoutCredentialGql, {
    nullable: true,
    description: "A company's punchout credential, or null",
  })
  async punchoutCredential(
    @Ctx() ctx: RequestCtx,
    @Arg('companyId', () => ID) companyId: string,
  ): Promise<PunchoutCredentialGql | null> {
    const view = await punchoutCredentialOf(ctx, companyId);
    return view ? credentialGql(view) : null;
  }

  @Authorized(...PUNCHOUT_ACCESS)
  @Mutation(() => PunchoutCredentialGql, { description: "Saves a company's punchout credential (audited)" })
  async savePunchoutCredential(
    @Ctx() ctx: RequestCtx,
    @Arg('companyId', () => ID) companyId: string,
    @Arg('input', () => PunchoutCredentialInput) input: PunchoutCredentialInput,
  ): Promise<PunchoutCredentialGql> {
    return credentialGql(await savePunchoutCredential(ctx, companyId, input));
  }

  @Authorized(...PUNCHOUT_ACCESS)
  @Mutation(() => PunchoutSecretGql, {
    description: 'Makes a new shared secret, shown once; the previous one works 7 more days (audited)',
  })
  async rotatePunchoutSecret(
    @Ctx() ctx: RequestCtx,
    @Arg('companyId', () => ID) companyId: string,
  ): Promise<PunchoutSecretGql> {
    const { secret, credential } = await rotatePunchoutSecret(ctx, companyId);
    return { secret, credential: credentialGql(credential) };
  }

  @Authorized(...PUNCHOUT_ACCESS)
  @Query(() => PunchoutMessagePageGql, { description: "A company's punchout documents, newest first" })
  punchoutMessages(
    @Ctx() ctx: RequestCtx,
    @Arg('companyId', () => ID) companyId: string,
    @Arg('page', () => Int, { nullable: true }) page?: number | null,
  ): Promise<PunchoutMessagePageGql> {
    return punchoutMessagesOf(ctx, { companyId, page: page ?? 1 });
  }

  @Authorized(...PUNCHOUT_ACCESS)
  @Query(() => [PunchoutSessionSummaryGql], { description: "A company's latest punchout sessions" })
  punchoutSessions(
    @Ctx() ctx: RequestCtx,
    @Arg('companyId', () => ID) companyId: string,
  ): Promise<PunchoutSessionSummaryGql[]> {
    return punchoutSessionsOf(ctx, companyId);
  }
}
