import { useMutation } from '@apollo/client/react';
import type { PromotionForm } from '@domain/promotions.schema';
import {
  EndPromotionDocument,
  GeneratePromotionCodesDocument,
  SavePromotionDocument,
} from './promotions.generated';

/** The console's promotion mutations (issue 58): save (with the version opened), end now, a batch of codes. */
export function usePromotionActions() {
  const refetchQueries = ['AdminPromotions'];
  const [save] = useMutation(SavePromotionDocument, { refetchQueries });
  const [end] = useMutation(EndPromotionDocument, { refetchQueries });
  const [generate] = useMutation(GeneratePromotionCodesDocument, { refetchQueries: ['AdminPromotion'] });
  return {
    /** The saved promotion (its id, for a new one). */
    save: async (id: string | null, version: number | null, input: PromotionForm) =>
      (await save({ variables: { id, version, input } })).data!.savePromotion,
    end: (id: string, version: number) => end({ variables: { id, version } }),
    generate: async (id: string, count: number, prefix: string) =>
      (await generate({ variables: { id, count, prefix } })).data!.generatePromotionCodes,
  };
}
