import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ATTACHMENT_LIMITS,
  ATTACHMENT_REFUSED,
  contactSchema,
  quoteSchema,
  serviceRequestSchema,
} from '../../../../domain/forms.schema';
import { AppError } from '../../common/errors';
import { validate } from '../../common/validate';
import { ctxOf } from '../../rest/ctx';
import { assertAccess, STAFF } from '../auth/permissions';
import { formsService } from './forms.service';

/** The largest multipart body worth reading: every drawing at its limit, plus the form's fields. */
const MAX_BODY_BYTES = ATTACHMENT_LIMITS.files * ATTACHMENT_LIMITS.bytes + 1024 * 1024;
const UPLOAD_DIR = path.join(os.tmpdir(), 'axisline-uploads');

/**
 * Drawings arrive as multipart `drawings` files. Before a byte of them is read, the address's form limit is
 * charged and a declared length over the whole allowance is refused (413); then each file streams to a temporary
 * file, cut off at its size limit, and is removed once the request ends.
 */
const drawings: RequestHandler[] = [
  (req, _res, next) => void formsService.admit(ctxOf(req)).then(() => next(), next),
  (req, _res, next) => {
    if (Number(req.get('content-length') ?? 0) > MAX_BODY_BYTES) {
      return next(new AppError('PAYLOAD_TOO_LARGE', ATTACHMENT_REFUSED));
    }
    next();
  },
  (req, res, next) => {
    fs.mkdirSync(UPLOAD_DIR, { recursive: true, mode: 0o700 });
    res.on('close', () => {
      for (const f of (req.files as Express.Multer.File[] | undefined) ?? [])
        fs.rm(f.path, { force: true }, () => undefined);
    });
    multer({
      storage: multer.diskStorage({ destination: UPLOAD_DIR }),
      limits: {
        files: ATTACHMENT_LIMITS.files,
        fileSize: ATTACHMENT_LIMITS.bytes,
        fields: 30,
        fieldSize: 20_000,
      },
    }).array('drawings', ATTACHMENT_LIMITS.files)(req, res, (err?: unknown) => {
      if (err instanceof multer.MulterError) {
        return next(
          new AppError('BAD_USER_INPUT', ATTACHMENT_REFUSED, [
            { field: 'drawings', message: ATTACHMENT_REFUSED },
          ]),
        );
      }
      next(err);
    });
  },
];

/** The store's forms (contact, quote, service request) and staff's download of drawings. */
export function formsRoutes(): Router {
  const router = Router();

  router.post('/forms/contact', async (req, res) => {
    res
      .status(201)
      .json(await formsService.submit(ctxOf(req), 'contact', validate(contactSchema(), req.body)));
  });

  router.post('/forms/quote', async (req, res) => {
    res.status(201).json(await formsService.submit(ctxOf(req), 'quote', validate(quoteSchema, req.body)));
  });

  router.post('/forms/service-request', ...drawings, async (req, res) => {
    const input = validate(serviceRequestSchema, req.body);
    const uploaded = (req.files as Express.Multer.File[] | undefined) ?? [];
    const files = await Promise.all(
      uploaded.map(async (f) => ({
        originalname: f.originalname,
        size: f.size,
        buffer: await fs.promises.readFile(f.path),
      })),
    );
    res.status(201).json(await formsService.submit(ctxOf(req), 'service', input, files));
  });

  router.get('/admin/forms/attachments/:id', async (req, res) => {
    const ctx = ctxOf(req);
    assertAccess(ctx, STAFF);
    const file = await formsService.attachment(ctx, String(req.params.id));
    res
      .type(file.contentType)
      .set('Content-Disposition', `attachment; filename="${file.filename}"`)
      .set('X-Content-Type-Options', 'nosniff')
      .send(file.data);
  });

  return router;
}
