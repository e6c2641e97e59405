import express, { Router, type Request } from 'express';
import { IMPORT_KINDS, IMPORT_MAX_BYTES, IMPORT_MESSAGES, type ImportKind } from '../../../../domain/imports';
import { AppError } from '../../common/errors';
import { ctxOf } from '../../rest/ctx';
import { multipartFiles, uploadedFiles } from '../../rest/multipart';
import { assertImportAccess, runImport } from './imports.service';
import { csvImport, jsonImport, type ImportFile } from './parse';

/** The import routes' paths under /api (their JSON is read here, after the access check, not by the app's parser). */
export const IMPORT_PATHS = IMPORT_KINDS.map((kind) => `/api/imports/${kind}`);

const readJson = express.json({ limit: IMPORT_MAX_BYTES, type: () => true });

/** The file of an import request: one CSV `file` part of a multipart body, or else a JSON array. */
async function importFile(req: Request, kind: ImportKind): Promise<ImportFile> {
  const [file, ...more] = uploadedFiles(req);
  if (file && more.length === 0) {
    const text = (await file.read()).toString('utf8');
    return csvImport(kind, text);
  }
  if (file || req.is('multipart/form-data')) {
    throw new AppError('BAD_USER_INPUT', IMPORT_MESSAGES.file, [
      { field: 'file', message: IMPORT_MESSAGES.file },
    ]);
  }
  await new Promise<void>((resolve, reject) =>
    readJson(req, req.res!, (err?: unknown) => (err ? reject(err) : resolve())),
  );
  if (JSON.stringify(req.body ?? null).includes('\\u0000')) {
    throw new AppError('BAD_USER_INPUT', IMPORT_MESSAGES.nul, [
      { field: 'file', message: IMPORT_MESSAGES.nul },
    ]);
  }
  return jsonImport(kind, req.body);
}

/**
 * `POST /api/imports/{prices|price-breaks|stock|products}` (decision 069): a CSV file (multipart, one `file` part) or a JSON
 * array of rows; `?dryRun=true` answers what would change and writes nothing. Applied with errors in the file,
 * nothing is written and the answer is 400 with the same report.
 */
export function importRoutes(): Router {
  const router = Router();
  for (const kind of IMPORT_KINDS) {
    router.post(
      `/${kind}`,
      ...multipartFiles({
        field: 'file',
        files: 1,
        bytes: IMPORT_MAX_BYTES,
        refused: IMPORT_MESSAGES.tooLarge,
        admit: async (req) => assertImportAccess(ctxOf(req), kind),
      }),
      async (req, res) => {
        const dryRun = String(req.query.dryRun ?? '') === 'true';
        const report = await runImport(ctxOf(req), kind, await importFile(req, kind), dryRun);
        if (!dryRun && !report.applied) {
          res
            .status(400)
            .json({ error: { code: 'BAD_USER_INPUT', message: IMPORT_MESSAGES.errors }, report });
          return;
        }
        res.json(report);
      },
    );
  }
  return router;
}
