import { Arg, Authorized, Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { punchoutSessionOf, transferPunchoutCart } from './transfer';

@ObjectType('PunchoutSession', {
  description: "The caller's punchout session, as the shop's banner shows it",
})
class PunchoutSessionGql {
  @Field(() => String, { description: 'The procurement system the buyer came from (e.g. SAP Ariba)' })
  systemName!: string;

  @Field(() => String, { description: 'create, edit or inspect' })
  operation!: string;

  @Field(() => String, { description: 'cxml or oci' })
  protocol!: string;

  @Field(() => Boolean, { description: 'An inspect: the cart cannot be changed' })
  readOnly!: boolean;
}

@ObjectType('PunchoutFormField')
class PunchoutFormFieldGql {
  @Field(() => String)
  name!: string;

  @Field(() => String)
  value!: string;
}

@ObjectType('PunchoutTransferForm', {
  description: 'The form the shop posts to the procurement system (auto-submitted): the cart, or no items',
})
class PunchoutTransferFormGql {
  @Field(() => String)
  action!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The frame to post into (OCI ~TARGET), null: this one',
  })
  target!: string | null;

  @Field(() => [PunchoutFormFieldGql])
  fields!: PunchoutFormFieldGql[];
}

@Resolver()
export class PunchoutResolver {
  @Query(() => PunchoutSessionGql, {
    nullable: true,
    description: "The caller's punchout session, null outside one",
  })
  punchoutSession(@Ctx() ctx: RequestCtx) {
    return punchoutSessionOf(ctx);
  }

  @Authorized()
  @Mutation(() => PunchoutTransferFormGql, {
    description:
      'Transfers the punchout cart to the procurement system (cancel: none of it, "Return without items"); the session ends',
  })
  transferPunchoutCart(
    @Arg('cancel', () => Boolean, { defaultValue: false }) cancel: boolean,
    @Ctx() ctx: RequestCtx,
  ) {
    return transferPunchoutCart(ctx, cancel);
  }
}
