import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../common/errors';
import { refuseNulCharacters } from './bad-input';
import { verifyMultipartCsrf } from './csrf';

const UPLOAD_DIR = path.join(os.tmpdir(), 'axisline-uploads');
const FILE_LIMITS = new Set(['LIMIT_FILE_COUNT', 'LIMIT_FILE_SIZE', 'LIMIT_UNEXPECTED_FILE']);

/** The routes that read a multipart body, whose CSRF token may be its first field (rest/csrf.ts). */
export const MULTIPART_PATHS = new Set([
  '/api/forms/service-request',
  '/api/forms/quote',
  '/api/company/applications',
  // The imports' CSV files (modules/imports, decision 069).
  '/api/imports/prices',
  '/api/imports/price-breaks',
  '/api/imports/stock',
  '/api/imports/products',
]);

/** A file of a multipart request, as the services read it. */
export interface UploadedFile {
  originalname: string;
  size: number;
  read(): Promise<Buffer>;
}

/**
 * Reads a multipart body's files of one field (`field`, at most `files` of `bytes` each) and its fields. Before a
 * byte is read, `admit` runs (a rate limit, a sign-in check) and a declared length over the whole allowance is
 * refused (413); then each file streams to a temporary file, cut off at its size limit, and is removed once the
 * request ends. A `csrf_token` field (instead of the header) is checked when the first file begins, so it must come
 * before the files, and in any case before the form is used. Too many or too large files: `refused`, on `field`.
 */
export function multipartFiles(options: {
  field: string;
  files: number;
  bytes: number;
  refused: string;
  admit: (req: Request) => Promise<void>;
}): RequestHandler[] {
  const { field, files, bytes, refused } = options;
  const maxBody = files * bytes + 1024 * 1024;
  return [
    (req, _res, next) => void options.admit(req).then(() => next(), next),
    (req, _res, next) => {
      if (Number(req.get('content-length') ?? 0) > maxBody) {
        return next(new AppError('PAYLOAD_TOO_LARGE', refused));
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
          const csrfRefused = verifyMultipartCsrf(request);
          if (csrfRefused) accept(csrfRefused);
          else accept(null, true);
        },
        limits: { files, fileSize: bytes, fields: 30, fieldSize: 20_000 },
      }).array(field, files)(req, res, (err?: unknown) => {
        if (err instanceof multer.MulterError) {
          // Too many or too large files are the file field's; too many or too long fields, the form's.
          return next(
            FILE_LIMITS.has(err.code)
              ? new AppError('BAD_USER_INPUT', refused, [{ field, message: refused }])
              : new AppError('BAD_USER_INPUT', 'This form is too long to send.'),
          );
        }
        if (err) return next(err);
        const csrf = verifyMultipartCsrf(req);
        if (csrf) return next(csrf);
        // The fields were read only now: the app's NUL check ran on an empty body.
        refuseNulCharacters(req, res, next);
      });
    },
  ];
}

/** Sends a stored file for download: never shown in the browser, its type not guessed. */
export function sendDownload(
  res: Response,
  file: { filename: string; contentType: string; data: Buffer },
): void {
  res
    .type(file.contentType)
    .set('Content-Disposition', `attachment; filename="${file.filename}"`)
    .set('X-Content-Type-Options', 'nosniff')
    .send(file.data);
}

/** The files `multipartFiles` read, each read from its temporary file when the service asks. */
export function uploadedFiles(req: Request): UploadedFile[] {
  return ((req.files as Express.Multer.File[] | undefined) ?? []).map((f) => ({
    originalname: f.originalname,
    size: f.size,
    read: () => fs.promises.readFile(f.path),
  }));
}
