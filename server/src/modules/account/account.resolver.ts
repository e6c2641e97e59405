import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Ctx as RequestCtx } from '../../context';
import { endSession } from '../auth';
import { accountService, type UserView } from './account.service';
import { privacyService } from './privacy.service';
import { savedCardsService } from './saved-cards.service';
import {
  AddressInputGql,
  PaymentOptionGql,
  PendingRegistrationGql,
  ProfileInputGql,
  RegistrationInputGql,
  UserGql,
} from './account.types';

const toGql = (user: UserView): UserGql => ({
  ...user,
  customerId: String(user.customerId),
  paymentId: String(user.paymentId),
  sessionExpires: String(user.sessionExpires),
  primaryAddressId: String(user.primaryAddressId),
  primaryPaymentId: String(user.primaryPaymentId),
  primaryAddress: typeof user.primaryAddressId === 'string' ? user.primaryAddressId : null,
});

@Resolver(() => UserGql)
export class AccountResolver {
  @Authorized()
  @Query(() => UserGql, { description: 'The signed-in user' })
  async me(@Ctx() ctx: RequestCtx): Promise<UserGql> {
    return toGql(await accountService.me(ctx));
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
    return toGql(await accountService.signIn(ctx, { email, password }));
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
    await accountService.startRegistration(ctx, { ...input });
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
    return toGql(await accountService.completeRegistration(ctx, id, { token, password, confirmPassword }));
  }

  @Mutation(() => Boolean, {
    description: 'E-mails a reset link when the address has an account (same answer either way)',
  })
  async forgotPassword(@Arg('email', () => String) email: string, @Ctx() ctx: RequestCtx): Promise<boolean> {
    await accountService.forgotPassword(ctx, { email });
    return true;
  }

  @Mutation(() => Boolean)
  async resetPassword(
    @Arg('token', () => String) token: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Arg('confirmPassword', () => String) confirmPassword: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<boolean> {
    await accountService.resetPassword(ctx, { token, newPassword, confirmPassword });
    return true;
  }

  @Authorized()
  @Mutation(() => UserGql)
  async updateProfile(@Arg('input', () => ProfileInputGql) input: ProfileInputGql, @Ctx() ctx: RequestCtx) {
    return toGql(await accountService.updateProfile(ctx, { ...input }));
  }

  @Authorized()
  @Mutation(() => UserGql, { description: 'Create (no id) or update (id) one of your addresses' })
  async saveAddress(@Arg('input', () => AddressInputGql) input: AddressInputGql, @Ctx() ctx: RequestCtx) {
    return toGql(await accountService.saveAddress(ctx, { ...input }));
  }

  @Authorized()
  @Mutation(() => UserGql)
  async deleteAddress(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return toGql(await accountService.deleteAddress(ctx, { id }));
  }

  @Authorized()
  @Mutation(() => UserGql)
  async makePrimaryAddress(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return toGql(await accountService.makePrimaryAddress(ctx, { id }));
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Keeps this session; ends your other sessions' })
  async changePassword(
    @Arg('oldPassword', () => String) oldPassword: string,
    @Arg('newPassword', () => String) newPassword: string,
    @Arg('confirmPassword', () => String) confirmPassword: string,
    @Ctx() ctx: RequestCtx,
  ): Promise<boolean> {
    await accountService.changePassword(ctx, { oldPassword, newPassword, confirmPassword });
    return true;
  }

  @Authorized()
  @Query(() => [PaymentOptionGql], { description: "The signed-in user's saved cards, oldest first" })
  paymentOptions(@Ctx() ctx: RequestCtx) {
    return savedCardsService.list(ctx);
  }

  @Authorized()
  @Mutation(() => String, {
    description:
      "The payment-key initialisation: the user's customer at the payment provider (session userInfo.paymentKey), made once",
  })
  initializePaymentKey(@Ctx() ctx: RequestCtx) {
    return savedCardsService.initializePaymentKey(ctx);
  }

  @Authorized()
  @Mutation(() => PaymentOptionGql, {
    description: 'Saves a card the browser gave the payment provider (a card that declines is refused)',
  })
  savePaymentOption(@Arg('paymentMethodId', () => String) paymentMethodId: string, @Ctx() ctx: RequestCtx) {
    return savedCardsService.save(ctx, { paymentMethodId });
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Forgets one of your saved cards, here and at the payment provider',
  })
  async deletePaymentOption(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    await savedCardsService.remove(ctx, { id });
    return true;
  }

  @Authorized()
  @Mutation(() => UserGql, { description: 'One of your saved cards becomes primary' })
  async makePrimaryPayment(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return toGql(await savedCardsService.makePrimary(ctx, { id }));
  }
}
