import {
  Arg,
  Authorized,
  Ctx,
  Field,
  Float,
  ID,
  InputType,
  Int,
  Mutation,
  ObjectType,
  Query,
  Resolver,
} from 'type-graphql';
import { CONSOLE_ACCESS } from '../../../../domain/admin';
import { QUOTES_OWN, authorizedFor } from '../auth';
import type { Ctx as RequestCtx } from '../../context';
import { quoteService } from './quote.service';
import { cartGql, CartGql } from '../cart';

@ObjectType('QuoteConfiguration', { description: "A configuration of a quote's line (option, value)" })
class QuoteConfigurationGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { nullable: true }) name!: string | null;
  @Field(() => String, { nullable: true }) unit!: string | null;
  @Field(() => Float) value!: number;
}

@ObjectType('QuoteLine', {
  description: 'A line of a quote: a part (or work described in words) and a quantity',
})
class QuoteLineGql {
  @Field(() => ID) id!: string;
  @Field(() => Int) lineNo!: number;
  @Field(() => ID, { nullable: true, description: 'The catalogue part; null for work described in words' })
  itemId!: string | null;
  @Field(() => String) description!: string;
  @Field(() => Int, { description: 'Pieces, or packs when packSize is set' }) quantity!: number;
  @Field(() => Int, {
    nullable: true,
    description: 'Sold by the pack: pieces in a pack; prices are per pack',
  })
  packSize!: number | null;
  @Field(() => [QuoteConfigurationGql]) configurations!: QuoteConfigurationGql[];
  @Field(() => Float, {
    nullable: true,
    description:
      "The buyer's catalogue price for one at this quantity when asked; null: not in the catalogue's prices",
  })
  cataloguePrice!: number | null;
  @Field(() => Float, { nullable: true, description: "Staff's quoted unit price" }) unitPrice!: number | null;
  @Field(() => Float, { nullable: true }) lineTotal!: number | null;
}

@ObjectType('QuoteRevision', { description: "Staff's priced answer, never changed once sent" })
class QuoteRevisionGql {
  @Field(() => Int) revision!: number;
  @Field(() => Float) freight!: number;
  @Field(() => Float) subTotal!: number;
  @Field(() => Float, { description: 'Subtotal plus freight, before tax' }) total!: number;
  @Field(() => Int, { description: 'Business days from the order' }) leadTimeDays!: number;
  @Field(() => String, { description: 'YYYY-MM-DD: the last day it may be accepted' }) expiresOn!: string;
  @Field(() => String) note!: string;
  @Field(() => String, { description: 'ISO 8601' }) sentAt!: string;
  @Field(() => [QuoteLineGql]) lines!: QuoteLineGql[];
}

@ObjectType('QuoteMessage', { description: "A message between the quote's buyer and staff" })
class QuoteMessageGql {
  @Field(() => ID) id!: string;
  @Field(() => Boolean, { description: 'From staff (shown as the store), else from the buyer’s side' })
  staff!: boolean;
  @Field(() => String, { nullable: true, description: "The buyer's side's author; null for staff" })
  author!: string | null;
  @Field(() => String) body!: string;
  @Field(() => String, { description: 'ISO 8601' }) createdAt!: string;
}

@ObjectType('QuoteAttachment', { description: 'A drawing sent with a quote request (PDF, DXF or STEP)' })
class QuoteAttachmentGql {
  @Field(() => ID) id!: string;
  @Field(() => String) filename!: string;
  @Field(() => String, { description: 'pdf, dxf or step' }) kind!: string;
  @Field(() => Int, { description: 'Bytes' }) size!: number;
}

@ObjectType('QuoteDraftLine', { description: "A line's price in a saved, unsent answer" })
class QuoteDraftLineGql {
  @Field(() => Int) lineNo!: number;
  @Field(() => Float) unitPrice!: number;
  @Field(() => String, { nullable: true }) itemId!: string | null;
}

@ObjectType('QuoteDraft', {
  description: "Staff's answer saved, not sent (decision 054); a Service or Admin user sends it",
})
class QuoteDraftGql {
  @Field(() => [QuoteDraftLineGql]) lines!: QuoteDraftLineGql[];
  @Field(() => Float) freight!: number;
  @Field(() => Int) leadTimeDays!: number;
  @Field(() => String, { description: 'YYYY-MM-DD' }) expiresOn!: string;
  @Field(() => String) note!: string;
  @Field(() => String, { nullable: true, description: 'The staff member who saved it' }) savedBy!:
    string | null;
  @Field(() => String, { description: 'ISO 8601' }) savedAt!: string;
  @Field(() => [Int], {
    description: 'Lines priced more than STAFF_DISCOUNT_LIMIT_PCT below the catalogue price, or at zero',
  })
  heldLines!: number[];
}

@ObjectType('Quote', { description: 'A request for prices and its answer (decision 049)' })
class QuoteGql {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'Shown as Q-<number>' }) number!: string;
  @Field(() => String, {
    description: 'requested, in_review, quoted, accepted, expired, declined or ordered',
  })
  status!: string;
  @Field(() => String) site!: string;
  @Field(() => String) currency!: string;
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD: the day the buyer needs the parts by' })
  neededBy!: string | null;
  @Field(() => String) note!: string;
  @Field(() => String, { description: 'cart or form' }) source!: string;
  @Field(() => String) buyerName!: string;
  @Field(() => String) buyerEmail!: string;
  @Field(() => String, { nullable: true }) companyName!: string | null;
  @Field(() => String, { description: "The phone number given on the quote form ('' otherwise)" })
  phone!: string;
  @Field(() => [QuoteAttachmentGql], {
    description: 'Drawings sent with the request: GET /api/quotes/<id>/attachments/<attachment id>',
  })
  attachments!: QuoteAttachmentGql[];
  @Field(() => Int, { nullable: true }) sentRevision!: number | null;
  @Field(() => Int, { nullable: true }) acceptedRevision!: number | null;
  @Field(() => ID, { nullable: true }) orderId!: string | null;
  @Field(() => Int) version!: number;
  @Field(() => String, { description: 'ISO 8601' }) createdAt!: string;
  @Field(() => String, { description: 'ISO 8601' }) updatedAt!: string;
  @Field(() => [QuoteLineGql], { description: 'The lines as the buyer asked for them' })
  lines!: QuoteLineGql[];
  @Field(() => String, { description: "Staff's reason, when declined" }) declineNote!: string;
  @Field(() => QuoteRevisionGql, { nullable: true, description: 'The priced answer the buyer was sent last' })
  sent!: QuoteRevisionGql | null;
  @Field(() => [QuoteMessageGql], { description: 'Oldest first' }) messages!: QuoteMessageGql[];
  @Field(() => QuoteDraftGql, {
    nullable: true,
    description: "Staff's saved, unsent answer (staff's queries only; always null for the buyer's side)",
  })
  draft!: QuoteDraftGql | null;
}

@InputType('QuoteLinePriceInput')
class QuoteLinePriceInputGql {
  @Field(() => Int) lineNo!: number;
  @Field(() => Float, { description: 'Per unit as the line counts them (pieces, or packs)' })
  unitPrice!: number;
  @Field(() => String, {
    nullable: true,
    description: 'For a line in words: the catalogue part (id or part number) it is ordered and invoiced as',
  })
  itemId?: string | null;
}

@InputType('QuoteAnswerInput')
class QuoteAnswerInputGql {
  @Field(() => [QuoteLinePriceInputGql]) lines!: QuoteLinePriceInputGql[];
  @Field(() => Float) freight!: number;
  @Field(() => Int) leadTimeDays!: number;
  @Field(() => String, { description: 'YYYY-MM-DD, from today to 180 days ahead' }) expiresOn!: string;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@InputType('QuoteRequestInput')
class QuoteRequestInputGql {
  @Field(() => [ID], { description: 'The cart lines to quote (some or all)' }) cartLineIds!: string[];
  @Field(() => String, { nullable: true, description: 'YYYY-MM-DD, from today on' }) neededBy?: string | null;
  @Field(() => String, { nullable: true }) note?: string | null;
}

@Resolver(() => QuoteGql)
export class QuoteResolver {
  @Authorized(...authorizedFor(QUOTES_OWN))
  @Mutation(() => QuoteGql, { description: "Asks for a quote for some or all of the caller's cart lines" })
  requestQuote(
    @Arg('input', () => QuoteRequestInputGql) input: QuoteRequestInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.requestFromCart(ctx, input);
  }

  @Authorized(...authorizedFor(QUOTES_OWN))
  @Query(() => CartGql, {
    description:
      "An accepted quote as checkout shows it: its lines at the quote's prices, its freight, tax for the state shipped to",
  })
  async quoteCheckout(
    @Arg('id', () => ID) id: string,
    @Arg('revision', () => Int) revision: number,
    @Arg('state', () => String, { nullable: true }) state: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return cartGql(await quoteService.checkout(ctx, id, revision, state));
  }

  @Authorized(...authorizedFor(QUOTES_OWN))
  @Mutation(() => QuoteGql, {
    description:
      'Accepts the revision the buyer read, once, before its last day; then placeOrder(quoteId, quoteRevision) orders it',
  })
  acceptQuote(
    @Arg('id', () => ID) id: string,
    @Arg('revision', () => Int) revision: number,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.accept(ctx, id, revision);
  }

  @Authorized(...authorizedFor(QUOTES_OWN))
  @Mutation(() => QuoteGql, {
    description:
      "Request again: an expired or declined quote's lines and quantities as a new request of the caller's",
  })
  requestQuoteAgain(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return quoteService.requestAgain(ctx, id);
  }

  @Authorized(...authorizedFor(QUOTES_OWN))
  @Query(() => [QuoteGql], {
    description: "The caller's quotes and, for roles that see its orders, their company's",
  })
  myQuotes(@Ctx() ctx: RequestCtx) {
    return quoteService.mine(ctx);
  }

  // No @Authorized: a guest reads the quote their e-mailed link opened in this session (decision 061); the service
  // checks everyone else as before (QUOTES_OWN).
  @Query(() => QuoteGql, {
    description:
      'One of the quotes the caller may read (a guest: one their e-mailed link opened in this browser)',
  })
  quote(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return quoteService.get(ctx, id);
  }

  @Authorized(...CONSOLE_ACCESS.quotes)
  @Query(() => [QuoteGql], { description: 'Quotes of one status, or those waiting for an answer (staff)' })
  adminQuotes(
    @Arg('status', () => String, { nullable: true }) status: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.list(ctx, status);
  }

  @Authorized(...authorizedFor(QUOTES_OWN))
  @Mutation(() => QuoteGql, {
    description: 'Writes to staff about a quote the caller may read (staff are e-mailed)',
  })
  sendQuoteMessage(
    @Arg('id', () => ID) id: string,
    @Arg('body', () => String) body: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.message(ctx, id, { body });
  }

  @Authorized(...CONSOLE_ACCESS.quotes)
  @Mutation(() => QuoteGql, {
    description: 'Writes to the buyer about a quote (staff); the buyer is e-mailed',
  })
  sendQuoteStaffMessage(
    @Arg('id', () => ID) id: string,
    @Arg('body', () => String) body: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.staffMessage(ctx, id, { body });
  }

  @Authorized(...CONSOLE_ACCESS.quotes)
  @Mutation(() => QuoteGql, {
    description: 'Takes a request into review (staff); a stale version is a CONFLICT',
  })
  reviewQuote(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.review(ctx, id, version);
  }

  @Authorized(...CONSOLE_ACCESS.quotes)
  @Mutation(() => QuoteGql, {
    description: 'Prices every line and sends the next revision to the buyer, by e-mail (staff)',
  })
  sendQuote(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Arg('input', () => QuoteAnswerInputGql) input: QuoteAnswerInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.send(ctx, id, version, input);
  }

  @Authorized(...CONSOLE_ACCESS.quotes)
  @Mutation(() => QuoteGql, {
    description:
      "Saves the answer as the quote's draft without sending it (staff); a Service or Admin user sends it (sendQuoteDraft)",
  })
  saveQuoteDraft(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Arg('input', () => QuoteAnswerInputGql) input: QuoteAnswerInputGql,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.saveDraft(ctx, id, version, input);
  }

  @Authorized(...CONSOLE_ACCESS.belowCataloguePrices)
  @Mutation(() => QuoteGql, {
    description: "Sends the quote's saved draft as the next revision, by e-mail (Service or Admin)",
  })
  sendQuoteDraft(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.sendDraft(ctx, id, version);
  }

  @Authorized(...CONSOLE_ACCESS.quotes)
  @Mutation(() => QuoteGql, { description: 'Declines a request or an open quote with a note (staff)' })
  declineQuote(
    @Arg('id', () => ID) id: string,
    @Arg('version', () => Int) version: number,
    @Arg('note', () => String) note: string,
    @Ctx() ctx: RequestCtx,
  ) {
    return quoteService.decline(ctx, id, version, { note });
  }

  @Authorized(...CONSOLE_ACCESS.quotes)
  @Query(() => QuoteGql, { description: 'One quote (staff)' })
  adminQuote(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestCtx) {
    return quoteService.adminGet(ctx, id);
  }
}
