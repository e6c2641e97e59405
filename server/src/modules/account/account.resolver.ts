import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import {
  addressSchema,
  forgotPasswordSchema,
  loginSchema,
  passwordResetSchema,
  registrationPasswordSchema,
  passwordChangeSchema,
  profileSchema,
  registrationAccountSchema,
  addressIdSchema,
} from '../../../../domain/account.schema';
import { validate } from '../../common/validate';
import type { Ctx as RequestCtx } from '../../context';
import { endSession, requireUser } from '../auth/session-auth';
import { accountService, type UserView } from './account.service';
import { privacyService } from './privacy.service';
import {
  AddressInputGql,
  PendingRegistrationGql,
  ProfileInputGql,
  RegistrationInputGql,
  UserGql,
} from './account.types';

const toGql = (user: UserView): UserGql => ({
  ...user,
  primaryAddress: typeof user.primaryAddressId === 'string' ? user.primaryAddressId : null,
});

@Resolver(() => UserGql)
export class AccountResolver {
  @Authorized()
  @Query(() => UserGql, { description: 'The signed-in user' })
  async me(@Ctx() ctx: RequestCtx): Promise<UserGql> {
    return toGql(await accountService.userView(ctx, requireUser(ctx).id));
  }

  @Mutation(() => UserGql, {
    description: 'Sign in with e-mail and password (rate limited per account and IP)',
  })
  async signIn(
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<UserGql> {
    // Each executed signIn (aliased, in a fragment, or plain) is counted by the service's throttle.
    return toGql(await accountService.signIn(ctx, validate(loginSchema, { email, password })));
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      "Closes the signed-in buyer's account (password again); orders stay with personal fields removed",
  })
  async deleteMyAccount(
    @Arg('password', () => String) password: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<boolean> {
    await privacyService.deleteAccount(ctx, { password });
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean)
  async signOut(@Ctx() ctx: RequestCtx): Promise<boolean> {
    await endSession(ctx.req, ctx.res, ctx.app.auth.cookies);
    return true;
  }

  @Mutation(() => Boolean, { description: 'Registration step ACCOUNT: e-mails the link to step PASSWORD' })
  async startRegistration(
    @Arg('input', () => RegistrationInputGql) input: RegistrationInputGql,
    @Ctx() ctx: RequestCtx,
  ): Promise<boolean> {
    await accountService.startRegistration(
      ctx,
      validate(registrationAccountSchema, { ...input }),
      ctx.app.auth.publicUrl,
    );
    return true;
  }

  @Query(() => PendingRegistrationGql, {
    description: 'The pending registration a link points at (404 if none)',
  })
  registration(@Arg('token', () => String) token: string, @Ctx() ctx: RequestCtx) {
    return accountService.registrationByToken(ctx, token);
  }

  @Mutation(() => UserGql, { description: 'Registration step PASSWORD: creates the account and signs in' })
  async completeRegistration(
    @Arg('id', () => ID) id: string,
    @Arg('token', () => String) token: string,
    @Arg('password', () => String) password: string,
    @Arg('confirmPassword', () => String) confirmPassword: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<UserGql> {
    const input = validate(registrationPasswordSchema, { token, password, confirmPassword });
    return toGql(await accountService.completeRegistration(ctx, id, input.token, input.password));
  }

  @Mutation(() => Boolean, {
    description: 'E-mails a reset link when the address has an account (same answer either way)',
  })
  async forgotPassword(@Arg('email', () => String) email: string, @Ctx() ctx: RequestCtx): Promise<boolean> {
    await accountService.forgotPassword(
      ctx,
      validate(forgotPasswordSchema, { email }).email,
      ctx.app.auth.publicUrl,
    );
    return true;
  }

  @Mutation(() => Boolean)
  async resetPassword(
    @Arg('token', () => String) token: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Arg('confirmPassword', () => String) confirmPassword: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<boolean> {
    const input = validate(passwordResetSchema, { token, newPassword, confirmPassword });
    await accountService.resetPassword(ctx, input.token, input.newPassword);
    return true;
  }

  @Authorized()
  @Mutation(() => UserGql)
  async updateProfile(@Arg('input', () => ProfileInputGql) input: ProfileInputGql, @Ctx() ctx: RequestCtx) {
    return toGql(
      await accountService.updateProfile(ctx, requireUser(ctx).id, validate(profileSchema, { ...input })),
    );
  }

  @Authorized()
  @Mutation(() => UserGql, { description: 'Create (no id) or update (id) one of your addresses' })
  async saveAddress(@Arg('input', () => AddressInputGql) input: AddressInputGql, @Ctx() ctx: RequestCtx) {
    return toGql(
      await accountService.saveAddress(ctx, requireUser(ctx).id, validate(addressSchema, { ...input })),
    );
  }

  @Authorized()
  @Mutation(() => UserGql)
  async deleteAddress(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return toGql(
      await accountService.deleteAddress(ctx, requireUser(ctx).id, validate(addressIdSchema, { id }).id),
    );
  }

  @Authorized()
  @Mutation(() => UserGql)
  async makePrimaryAddress(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return toGql(
      await accountService.makePrimaryAddress(ctx, requireUser(ctx).id, validate(addressIdSchema, { id }).id),
    );
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Keeps this session; ends your other sessions' })
  async changePassword(
    @Arg('oldPassword', () => String) oldPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Arg('confirmPassword', () => String) confirmPassword: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<boolean> {
    const input = validate(passwordChangeSchema, { oldPassword, newPassword, confirmPassword });
    await accountService.changePassword(ctx, requireUser(ctx).id, input.oldPassword, input.newPassword);
    return true;
  }
}
