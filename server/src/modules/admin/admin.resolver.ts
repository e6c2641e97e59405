import { Authorized, Ctx, Int, Mutation, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { resetAllPasswords } from './users.service';

@Resolver()
export class AdminResolver {
  @Authorized('Admin')
  @Mutation(() => Int, {
    description:
      'Invalidates every password and session and e-mails reset links; needs a sign-in within 5 minutes. Answers the number of users.',
  })
  resetAllPasswords(@Ctx() ctx: RequestCtx): Promise<number> {
    return resetAllPasswords(ctx, ctx.req.session?.authAt);
  }
}
