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

@ObjectType('User', { description: 'The signed-in user (spec section 3, User)' })
export class UserGql {
  @Field(() => ID)
  id!: string;

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
