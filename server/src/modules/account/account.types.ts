import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType('Address')
export class AddressGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  addressLine1!: string;

  @Field(() => String)
  addressLine2!: string;

  @Field(() => String)
  city!: string;

  @Field(() => String)
  state!: string;

  @Field(() => String)
  zip!: string;

  @Field(() => String, { description: 'US or CA: the country whose rules its state and postal code follow' })
  country!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  phone!: string;

  @Field(() => Boolean)
  primary!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'When an order last shipped to this address (ISO 8601)',
  })
  lastUsedAt!: string | null;
}

@ObjectType('BusinessAccount')
export class BusinessAccountGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  company!: string;

  @Field(() => String, { nullable: true })
  erpAccountId!: string | null;

  @Field(() => Int, {
    nullable: true,
    description: 'Approved to pay by purchase order on these net terms (days)',
  })
  netTermsDays!: number | null;
}

@ObjectType('ContactInfo', { description: "The user's contact: e-mail and phone" })
export class ContactInfoGql {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  phone!: string;
}

@ObjectType('PaymentOption', {
  description:
    'A saved card (spec: paymentOptions): the provider keeps the card, the store its brand, last four and expiry',
})
export class PaymentOptionGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String, {
    description:
      "The provider's payment method: send it as PaymentInput.paymentMethodId to pay with this card",
  })
  paymentMethodId!: string;

  @Field(() => String, { description: 'visa, mastercard, amex, discover or card' })
  brand!: string;

  @Field(() => String)
  last4!: string;

  @Field(() => Int)
  expMonth!: number;

  @Field(() => Int)
  expYear!: number;

  @Field(() => Boolean, { description: "The user's primary card (primaryPaymentId)" })
  primary!: boolean;
}

@ObjectType('User', {
  description: 'The signed-in user (spec section 3, User): ids default to -1, other fields to empty',
})
export class UserGql {
  @Field(() => ID)
  id!: string;

  @Field(() => ID, { description: "The user's business account, -1 without one" })
  customerId!: string;

  @Field(() => ID, { description: 'The payment profile, -1 without one' })
  paymentId!: string;

  @Field(() => Int, { description: 'Security flags (0: none set)' })
  securityFlags!: number;

  @Field(() => ContactInfoGql)
  contactInfo!: ContactInfoGql;

  @Field(() => String, {
    description:
      'When the session signs out on its own (ISO 8601), "-1" when it does not (spec: sign-in expiry)',
  })
  sessionExpires!: string;

  @Field(() => ID, { description: 'The primary address, -1 without one' })
  primaryAddressId!: string;

  @Field(() => ID, { description: 'The primary saved card, -1 without one' })
  primaryPaymentId!: string;

  @Field(() => [PaymentOptionGql], { description: 'Saved cards, oldest first' })
  paymentOptions!: PaymentOptionGql[];

  @Field(() => String, { description: 'The ERP ship-to account, empty when none' })
  shipToAccount!: string;

  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  phone!: string;

  @Field(() => String)
  emailAddress!: string;

  @Field(() => String)
  userName!: string;

  @Field(() => Int, {
    description: 'Admin 100, Service 200, CustomerService 300, Supplier 400, Customer 500',
  })
  role!: number;

  @Field(() => [AddressGql])
  addresses!: AddressGql[];

  @Field(() => ID, { nullable: true })
  primaryAddress!: string | null;

  @Field(() => [BusinessAccountGql])
  accounts!: BusinessAccountGql[];

  @Field(() => String, { nullable: true })
  erpAccountId!: string | null;

  @Field(() => String)
  createdDate!: string;
}

@InputType('AddressInput', { description: 'With an id: update that address; without: create one' })
export class AddressInputGql {
  @Field(() => ID, { nullable: true })
  id?: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  addressLine1!: string;

  @Field(() => String, { nullable: true })
  addressLine2?: string;

  @Field(() => String)
  city!: string;

  @Field(() => String)
  state!: string;

  @Field(() => String)
  zip!: string;

  @Field(() => String, { nullable: true, description: 'US (when absent) or CA' })
  country?: string;

  @Field(() => String)
  email!: string;

  @Field(() => String, { nullable: true })
  phone?: string;
}

@InputType('ProfileInput')
export class ProfileInputGql {
  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;

  @Field(() => String, { nullable: true })
  phone?: string;
}

@InputType('RegistrationInput', { description: 'Registration step ACCOUNT' })
export class RegistrationInputGql {
  @Field(() => String)
  email!: string;

  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;

  @Field(() => Boolean)
  termsAccepted!: boolean;

  @Field(() => String, { nullable: true })
  erpAccountId?: string;
}

@ObjectType('PendingRegistration', { description: 'Registration waiting for its PASSWORD step' })
export class PendingRegistrationGql {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  firstName!: string;

  @Field(() => String)
  lastName!: string;

  @Field(() => String)
  step!: string;
}
