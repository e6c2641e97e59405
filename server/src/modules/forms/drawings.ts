import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_REFUSED,
  attachmentKind,
  type AttachmentKind,
} from '../../../../domain/forms.schema';
import { AppError } from '../../common/errors';
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
