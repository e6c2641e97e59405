import type { ImportKind, ImportReport } from '@domain/imports';
import { useCallback, useState } from 'react';
import { post } from '../../lib/http';

export type ImportAnswer = ImportReport & { applied: boolean };

/**
 * Console → Imports (decision 069): a file checked (the dry run) and then applied, through the REST route the
 * ERPs use. `check` and `apply` answer the report; a refusal (the file's own, or the store's) is thrown.
 */
export function useImport() {
  const [busy, setBusy] = useState(false);
  const send = useCallback(async (kind: ImportKind, file: File, dryRun: boolean) => {
    const form = new FormData();
    form.append('file', file, file.name);
    setBusy(true);
    try {
      return await post<ImportAnswer>(`/api/imports/${kind}${dryRun ? '?dryRun=true' : ''}`, form);
    } finally {
      setBusy(false);
    }
  }, []);
  return {
    busy,
    check: (kind: ImportKind, file: File) => send(kind, file, true),
    apply: (kind: ImportKind, file: File) => send(kind, file, false),
  };
}
