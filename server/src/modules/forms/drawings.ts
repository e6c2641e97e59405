import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_REFUSED,
  attachmentKind,
  type AttachmentKind,
} from '../../../../domain/forms.schema';
import { AppError } from '../../common/errors';
import type { Ctx } from '../../context';
import type { UploadedFile } from '../../rest/multipart';

/** A drawing sent with a form, checked and read. */
export interface Drawing {
  filename: string;
  kind: AttachmentKind;
  buffer: Buffer;
}

/** Every file must be a PDF, DXF or STEP drawing by its content, within the count and size limits. */
export async function checkAttachments(files: UploadedFile[]): Promise<Drawing[]> {
  if (files.length > ATTACHMENT_LIMITS.files) refuse();
  const buffers = await Promise.all(files.map((f) => (f.size <= ATTACHMENT_LIMITS.bytes ? f.read() : null)));
  return files.map((f, i) => {
    const buffer = buffers[i];
    const kind = buffer ? attachmentKind(f.originalname, buffer) : null;
    if (!kind) refuse(f.originalname);
    return {
      filename: f.originalname.replace(/[^\w. -]/g, '_').slice(0, 120),
      kind: kind!,
      buffer: buffer!,
    };
  });
}

function refuse(filename?: string): never {
  const message = filename ? `${filename}: ${ATTACHMENT_REFUSED}` : ATTACHMENT_REFUSED;
  throw new AppError('BAD_USER_INPUT', message, [{ field: 'drawings', message }]);
}

/** Where drawings are kept: a form submission's (staff's inbox) or a quote's. */
const KEPT = {
  form: 'insert into form_attachment (submission_id, filename, kind, size, data) values (?, ?, ?, ?, ?)',
  quote: 'insert into quote_attachment (quote_id, filename, kind, size, data) values (?, ?, ?, ?, ?)',
} as const;

/** Keeps the drawings of a form submission or a quote (`ownerId`), in the caller's transaction. */
export async function keepDrawings(
  ctx: Ctx,
  owner: keyof typeof KEPT,
  ownerId: string,
  drawings: Drawing[],
): Promise<void> {
  for (const d of drawings) {
    await ctx.db.execute(KEPT[owner], [ownerId, d.filename, d.kind, d.buffer.length, d.buffer], 'run');
  }
}
