import { Arg, Authorized, Ctx, Field, ID, Int, ObjectType, Query, Resolver } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import type { Ctx as RequestCtx } from '../../context';
import { formsService } from './forms.service';

@ObjectType('FormAttachment')
class FormAttachmentGql {
  @Field(() => ID) id!: string;
  @Field(() => String) filename!: string;
  @Field(() => String) kind!: string;
  @Field(() => Int) size!: number;
}

@ObjectType('FormSubmission', { description: 'A contact, quote or service request' })
class FormSubmissionGql {
  @Field(() => ID) id!: string;
  @Field(() => String) kind!: string;
  @Field(() => String) email!: string;
  @Field(() => GraphQLJSONObject) payload!: Record<string, unknown>;
  @Field(() => String) createdAt!: string;
  @Field(() => String, { nullable: true }) handledAt!: string | null;
  @Field(() => [FormAttachmentGql]) attachments!: FormAttachmentGql[];
}

@Resolver(() => FormSubmissionGql)
export class FormsResolver {
  @Authorized('Admin', 'Service', 'CustomerService')
  @Query(() => [FormSubmissionGql], { description: "Staff's inbox of contact, quote and service requests" })
  formSubmissions(
    @Arg('kind', () => String, { nullable: true }) kind: string | null,
    @Ctx() ctx: RequestCtx,
  ) {
    return formsService.list(ctx, kind);
  }
}
