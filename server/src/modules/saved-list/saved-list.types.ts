import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { CartLineGql } from '../cart';

@ObjectType('SavedList', { description: 'A named list of parts (spec: Saved list)' })
export class SavedListGql {
  @Field(() => ID) id!: string;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => String, {
    description:
      "private, or shared with the owner's company: read (it reads) or edit (it changes the items)",
  })
  sharing!: string;
  @Field(() => Int) itemCount!: number;
  @Field(() => Boolean, { description: "The caller's own list (they rename, share and delete it)" })
  mine!: boolean;
  @Field(() => String, { nullable: true, description: 'The colleague who shares it; null for your own' })
  ownerName!: string | null;
  @Field(() => Boolean, { description: 'Whether the caller may change its items' }) canEdit!: boolean;
  @Field(() => String) createdAt!: string;
  @Field(() => String) updatedAt!: string;
}

@ObjectType('SavedListPage', { description: 'A list with a page of its items, priced for the caller' })
export class SavedListPageGql extends SavedListGql {
  @Field(() => [CartLineGql], { description: 'Items (cartLineId is the item id, cartId the list id)' })
  items!: CartLineGql[];
  @Field(() => Int) total!: number;
  @Field(() => Int) page!: number;
  @Field(() => Int) pageSize!: number;
}

@ObjectType('QuickOrderProblem', { description: 'A pasted line that was not added, and why' })
export class QuickOrderProblemGql {
  @Field(() => Int) line!: number;
  @Field(() => String) text!: string;
  @Field(() => String) reason!: string;
}

@ObjectType('QuickOrderResult')
export class QuickOrderResultGql {
  @Field(() => Int) added!: number;
  @Field(() => [QuickOrderProblemGql]) problems!: QuickOrderProblemGql[];
}

@InputType('SavedListInput')
export class SavedListInputGql {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'private, read or edit (decision 045); null: unchanged',
  })
  sharing?: string | null;
}
