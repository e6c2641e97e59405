import type { InferType } from 'yup';
import { isUuid } from '../../../../domain/ids';
import {
  ATTACHMENT_KINDS,
  contactSchema,
  quoteSchema,
  serviceRequestSchema,
  type AttachmentKind,
} from '../../../../domain/forms.schema';
import { checkAttachments, keepDrawings, type Drawing } from './drawings';
import { BRAND } from '../../../../domain/constants';
import { AppError, notFound } from '../../common/errors';
import { validate } from '../../common/validate';
import type { Ctx } from '../../context';
import type { UploadedFile } from '../../rest/multipart';
import { assertAccess, STAFF, hit } from '../auth';
import { queueEmail, sendMessage } from '../mail';

export type FormKind = 'contact' | 'quote' | 'service';

/** What a sent form answers: its reference, and for a quote form the quote it made (a guest: its number). */
export interface FormReceipt {
  id: string;
  quote?: { id: string; number: string };
  /** A guest's quote form: the quote's number; its link was e-mailed (decision 061). */
  emailed?: { number: string };
}

/** A file as the transport received it; its content is read only once the form's fields are valid. */
export interface FormSubmissionView {
  id: string;
  kind: FormKind;
  email: string;
  payload: Record<string, unknown>;
  createdAt: string;
  handledAt: string | null;
  attachments: { id: string; filename: string; kind: string; size: number }[];
}

/** Submissions a visitor may send each hour, per IP (spam stays out of the staff inbox). */
export const FORM_LIMITS = { perIp: 20, windowMs: 3600_000 } as const;

/** Each form's fields (domain/forms.schema.ts, the forms' own). */
const SCHEMAS = {
  contact: contactSchema(),
  quote: quoteSchema,
  service: serviceRequestSchema,
} as const;

const SUBJECTS: Record<FormKind, string> = {
  contact: 'Contact request',
  quote: 'Quote request',
  service: 'Service request',
};

const ADMITTED = Symbol('formAdmitted');

/** A form's fields as checked, and its drawings. */
export interface FormSent {
  input: InferType<(typeof SCHEMAS)[FormKind]>;
  drawings: Drawing[];
}

/** Contact, quote and service requests: stored, e-mailed to the store (outbox) and listed for staff. */
export const formsService = {
  /**
   * Charges the visitor's address one submission (FORM_LIMITS), once per request: the multipart route calls it
   * before reading any upload, so an address over its limit costs the store no parsing or disk.
   */
  async admit(ctx: Ctx): Promise<void> {
    const req = ctx.req as typeof ctx.req & { [ADMITTED]?: true };
    if (req[ADMITTED]) return;
    const limit = await hit(ctx.db, {
      key: `form:ip:${ctx.req.ip ?? 'unknown'}`,
      max: FORM_LIMITS.perIp,
      windowMs: FORM_LIMITS.windowMs,
    });
    if (!limit.allowed)
      throw new AppError('TOO_MANY_REQUESTS', 'Too many requests sent. Please try again later.');
    req[ADMITTED] = true;
  },

  /**
   * The first step of sending a form (server/src/flows/submit-form.ts): its fields as sent (and, for a quote or
   * service request, its drawings), checked with the form's schema before the address is charged (admit) or a
   * file is read.
   */
  async read(ctx: Ctx, kind: FormKind, body: unknown, files: UploadedFile[] = []): Promise<FormSent> {
    const input = validate(SCHEMAS[kind], body);
    await this.admit(ctx);
    const drawings = await checkAttachments(files);
    return { input, drawings };
  },

  /** A form that is no quote: stored, e-mailed to the store (outbox) and listed for staff; the sender is told. */
  async store(ctx: Ctx, kind: FormKind, sent: FormSent): Promise<FormReceipt> {
    const { input, drawings } = sent;
    return ctx.db.transactional(async () => {
      const [row] = await ctx.db.execute<{ id: string }[]>(
        'insert into form_submission (kind, email, payload, user_id) values (?, ?, ?::jsonb, ?) returning id',
        [kind, input.email.toLowerCase(), JSON.stringify(input), ctx.user?.id ?? null],
        'all',
      );
      await keepDrawings(ctx, 'form', row!.id, drawings);
      const lines = Object.entries(input)
        .filter(([, v]) => v !== null && v !== undefined && v !== '')
        .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`);
      if (drawings.length) lines.push(`drawings: ${drawings.map((d) => d.filename).join(', ')}`);
      await queueEmail(ctx.db, ctx.log, {
        to: BRAND.email.help,
        kind: `form-${kind}`,
        subject: `${SUBJECTS[kind]} from ${input.email}`,
        text: `${SUBJECTS[kind]} ${row!.id}\n\n${lines.join('\n')}\n`,
      });
      await sendMessage(ctx.db, ctx.log, {
        to: input.email,
        locale: ctx.locale,
        message: { kind: 'form-received', form: kind, reference: row!.id, phone: BRAND.phones.tollFree },
      });
      return { id: row!.id };
    });
  },

  /** Staff's inbox: newest first, of one kind (contact, quote, service) or, for anything else, of all. */
  async list(ctx: Ctx, kind: string | null, limit = 100): Promise<FormSubmissionView[]> {
    assertAccess(ctx, STAFF);
    const known = kind === 'contact' || kind === 'quote' || kind === 'service' ? kind : null;
    const rows = await ctx.db.execute<
      (Omit<FormSubmissionView, 'createdAt' | 'handledAt'> & { createdAt: Date; handledAt: Date | null })[]
    >(
      `select s.id, s.kind, s.email, s.payload, s.created_at as "createdAt", s.handled_at as "handledAt",
         coalesce((select json_agg(json_build_object('id', a.id, 'filename', a.filename, 'kind', a.kind, 'size', a.size)
           order by a.filename) from form_attachment a where a.submission_id = s.id), '[]'::json) as attachments
       from form_submission s where (?::text is null or s.kind = ?) order by s.created_at desc limit ?`,
      [known, known, limit],
    );
    return rows.map((r) => ({
      ...r,
      createdAt: new Date(r.createdAt).toISOString(),
      handledAt: r.handledAt ? new Date(r.handledAt).toISOString() : null,
    }));
  },

  /** Staff's download of a drawing. */
  async attachment(ctx: Ctx, id: string) {
    assertAccess(ctx, STAFF);
    if (!isUuid(id)) throw notFound('Attachment');
    const [row] = await ctx.db.execute<{ filename: string; kind: AttachmentKind; data: Buffer }[]>(
      'select filename, kind, data from form_attachment where id = ?',
      [id],
    );
    if (!row) throw notFound('Attachment');
    return { ...row, contentType: ATTACHMENT_KINDS[row.kind].contentType };
  },
};
