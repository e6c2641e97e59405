import type { MockedResponse } from '@apollo/client/testing';
import { PunchoutCardDocument } from '../admin/companies/punchout.generated';

/** The company record's Punchout card as the console reads it (specs): no credential, session or document by default. */
export const punchoutCardMock = (
  companyId: string,
  data: { credential?: unknown; messages?: unknown[]; sessions?: unknown[] } = {},
): MockedResponse => ({
  request: { query: PunchoutCardDocument, variables: { companyId, page: 1 } },
  result: {
    data: {
      punchoutCredential: data.credential ?? null,
      punchoutSessions: data.sessions ?? [],
      punchoutMessages: {
        __typename: 'PunchoutMessagePage',
        total: data.messages?.length ?? 0,
        page: 1,
        pageSize: 10,
        items: data.messages ?? [],
      },
    },
  },
  maxUsageCount: 10,
});
