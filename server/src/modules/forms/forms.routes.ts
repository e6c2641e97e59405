import { Router, type RequestHandler } from 'express';
import multer from 'multer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ATTACHMENT_LIMITS, ATTACHMENT_REFUSED } from '../../../../domain/forms.schema';
import { AppError } from '../../common/errors';
import { verifyMultipartCsrf } from '../../rest/csrf';
import { ctxOf } from '../../rest/ctx';
import { formsService } from './forms.service';

/** The largest multipart body worth reading: every drawing at its limit, plus the form's fields. */
const MAX_BODY_BYTES = ATTACHMENT_LIMITS.files * ATTACHMENT_LIMITS.bytes + 1024 * 1024;
const UPLOAD_DIR = path.join(os.tmpdir(), 'axisline-uploads');

/** The routes that read a multipart body, whose CSRF token may be its first field (rest/csrf.ts). */
export const MULTIPART_PATHS = new Set(['/api/forms/service-request']);

/**
 * Drawings arrive as multipart `drawings` files. Before a byte of them is read, the address's form limit is
 * charged and a declared length over the whole allowance is refused (413); then each file streams to a temporary
 * file, cut off at its size limit, and is removed once the request ends. A `csrf_token` field (instead of the
 * header) is checked when the first file begins, so it must come before the files, and in any case before the
 * form is used.
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
      fileFilter: (request, _file, accept) => {
        const refused = verifyMultipartCsrf(request);
        if (refused) accept(refused);
        else accept(null, true);
      },
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
      next(err ?? verifyMultipartCsrf(req) ?? undefined);
    });
  },
];

/** The store's forms (contact, quote, service request) and staff's download of drawings. */
export function formsRoutes(): Router {
  const router = Router();

  router.post('/forms/contact', async (req, res) => {
    res.status(201).json(await formsService.submit(ctxOf(req), 'contact', req.body));
  });

  router.post('/forms/quote', async (req, res) => {
    res.status(201).json(await formsService.submit(ctxOf(req), 'quote', req.body));
  });

  router.post('/forms/service-request', ...drawings, async (req, res) => {
    const uploaded = (req.files as Express.Multer.File[] | undefined) ?? [];
    const files = uploaded.map((f) => ({
      originalname: f.originalname,
      size: f.size,
      read: () => fs.promises.readFile(f.path),
    }));
    res.status(201).json(await formsService.submit(ctxOf(req), 'service', req.body, files));
  });

  router.get('/admin/forms/attachments/:id', async (req, res) => {
    const file = await formsService.attachment(ctxOf(req), String(req.params.id));
    res
      .type(file.contentType)
      .set('Content-Disposition', `attachment; filename="${file.filename}"`)
      .set('X-Content-Type-Options', 'nosniff')
      .send(file.data);
  });

  return router;
}
