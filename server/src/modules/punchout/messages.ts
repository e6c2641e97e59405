import type { Db } from '../../context';
import type { PunchoutDirection, PunchoutMessageKind } from '../../../../domain/punchout';
import { maskSecrets } from './xml';

/** One punchout document logged (its secrets masked), in the caller's transaction if any; its id. */
export async function logPunchoutMessage(
  db: Db,
  message: {
    companyId: string;
    sessionId?: string | null;
    direction: PunchoutDirection;
    kind: PunchoutMessageKind;
    payloadId?: string | null;
    document: string;
    httpStatus?: number | null;
  },
): Promise<string> {
  const [row] = await db.execute<{ id: string }[]>(
    `insert into punchout_message (company_id, session_id, direction, kind, payload_id, document, http_status)
     values (?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      message.companyId,
      message.sessionId ?? null,
      message.direction,
      message.kind,
      message.payloadId ?? null,
      maskSecrets(message.document),
      message.httpStatus ?? null,
    ],
  );
  return row!.id;
}
