import { Field, Float, ID, InputType, ObjectType } from 'type-graphql';

@ObjectType('CompanyMember', {
  description: 'A member of a company: their role and spending limits (decision 043)',
})
export class CompanyMemberGql {
  @Field(() => ID) userId!: string;
  @Field(() => String) email!: string;
  @Field(() => String) firstName!: string;
  @Field(() => String) lastName!: string;
  @Field(() => String, { description: 'Admin, Approver, Buyer or Viewer' }) role!: string;
  @Field(() => Float, { nullable: true, description: 'The most one order may total; null: no limit' })
  orderLimit!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: 'The most a calendar month of orders may total; null: no limit',
  })
  monthlyLimit!: number | null;
}

@ObjectType('CompanyInvitation', { description: "An open invitation to join the caller's company" })
export class CompanyInvitationGql {
  @Field(() => ID) id!: string;
  @Field(() => String) email!: string;
  @Field(() => String) role!: string;
  @Field(() => Float, { nullable: true }) orderLimit!: number | null;
  @Field(() => Float, { nullable: true }) monthlyLimit!: number | null;
  @Field(() => String) expiresAt!: string;
}

@ObjectType('Company', { description: "The caller's company (spec: accounts; decision 043)" })
export class CompanyGql {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) erpAccountId!: string | null;
  @Field(() => CompanyMemberGql, { description: "The caller's own membership" }) me!: CompanyMemberGql;
  @Field(() => [CompanyMemberGql], {
    description: "Every member for the company's admins; the caller alone otherwise",
  })
  members!: CompanyMemberGql[];
  @Field(() => [CompanyInvitationGql], { description: "Open invitations, for the company's admins" })
  invitations!: CompanyInvitationGql[];
}

@ObjectType('CompanyInvitationPreview', {
  description: "What an invitation's link offers, before it is accepted",
})
export class CompanyInvitationPreviewGql {
  @Field(() => String) company!: string;
  @Field(() => String) email!: string;
  @Field(() => String) role!: string;
  @Field(() => String) invitedBy!: string;
  @Field(() => String) expiresAt!: string;
}

@InputType('CompanyMemberInput')
export class CompanyMemberInputGql {
  @Field(() => String, { description: 'Admin, Approver, Buyer or Viewer' }) role!: string;
  @Field(() => Float, { nullable: true }) orderLimit?: number | null;
  @Field(() => Float, { nullable: true }) monthlyLimit?: number | null;
}

@InputType('CompanyInvitationInput')
export class CompanyInvitationInputGql extends CompanyMemberInputGql {
  @Field(() => String) email!: string;
}
