import { Alert, App, Button, Form, Input } from 'antd';
import { Formik, getIn, type FormikHelpers, type FormikProps } from 'formik';
import type { Schema } from 'yup';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMessage, useT } from '../../i18n';
import { useFormSubmit } from '../../components/form';
import type { Failure } from '../../lib/failure';

/**
 * The console's forms: antd's fields bound to Formik, failures read by lib/failure.ts as the shop's forms read
 * them. Forms that change an order send its version; a stale page gets the conflict message with Reload.
 */

/**
 * A console form's submit (the form kit's useFormSubmit): `send` runs the mutation and what follows; a failure puts
 * its field messages next to their fields and the server's sentence above the form (Formik's status, which
 * `ConsoleForm` shows), "The changes could not be saved." when it sent none. `onFailure` answers a failure itself.
 */
export function useConsoleSubmit<V extends object>(
  send: (values: V, helpers: FormikHelpers<V>) => Promise<unknown>,
  onFailure?: (failure: Failure) => boolean | string,
) {
  const t = useT();
  return useFormSubmit(send, { fallback: t('admin.saveFailed'), alsoAboveFields: true, onFailure }).submit;
}

/**
 * Submits a versioned form: `send` runs the mutation, `onDone` follows a success. A conflict (someone else saved
 * first) becomes `conflict`; any other failure is the console's (useConsoleSubmit).
 */
export function useVersionedSubmit<V extends object>(
  send: (values: V) => Promise<unknown>,
  onDone: () => void,
) {
  const t = useT();
  const [conflict, setConflict] = useState<string | null>(null);
  const submit = useConsoleSubmit<V>(
    async (values) => {
      setConflict(null);
      await send(values);
      onDone();
    },
    ({ code, message }) => {
      if (code !== 'CONFLICT') return false;
      setConflict(message ?? t('admin.conflict'));
      return true;
    },
  );
  return { conflict, submit };
}

/**
 * What went wrong with a submit, above the form: the conflict with Reload (brought into view and focused: the
 * operator may have pressed Save at the foot of a long form), or the server's message.
 */
export function FormProblems({
  conflict,
  status,
  onReload,
}: {
  conflict: string | null;
  status: unknown;
  onReload: () => void;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!conflict) return;
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus();
  }, [conflict]);
  if (conflict)
    return (
      <div ref={ref} tabIndex={-1} style={{ outline: 'none' }}>
        <Alert
          type="error"
          showIcon
          role="alert"
          message={conflict}
          action={<Button onClick={onReload}>{t('admin.reload')}</Button>}
        />
      </div>
    );
  return <StatusAlert status={status} />;
}

/** A console form bound to Formik: antd's vertical layout, submitted by Formik, the server's message on top. */
export function ConsoleForm<V>({ formik, children }: { formik: FormikProps<V>; children: ReactNode }) {
  return (
    <Form
      layout="vertical"
      component="form"
      onSubmitCapture={(e) => (e.preventDefault(), formik.handleSubmit())}
    >
      <StatusAlert status={formik.status} />
      {children}
    </Form>
  );
}

/** A submit's message from the server (Formik's status), above the form; nothing without one. */
export function StatusAlert({ status }: { status: unknown }) {
  if (typeof status !== 'string' || !status) return null;
  return <Alert type="error" showIcon role="alert" message={status} style={{ marginBottom: 12 }} />;
}

/**
 * antd Form.Item props for a Formik field: its label, the input's id (`idPrefix` + name), and its translated
 * message once the field was left or the form submitted.
 */
export function useFieldItems<V>(formik: FormikProps<V>, idPrefix = '') {
  const translated = useMessage();
  const error = (name: string): string | undefined => {
    const text = getIn(formik.errors, name) as string | undefined;
    return text && (getIn(formik.touched, name) || formik.submitCount > 0) ? translated(text) : undefined;
  };
  const item = (name: string, label: string) => ({
    label,
    htmlFor: `${idPrefix}${name}`,
    validateStatus: error(name) ? ('error' as const) : undefined,
    help: error(name),
  });
  return { error, item };
}

/**
 * A refusal with a note the other side reads (a quote, a company application): the note, checked with the domain's
 * schema, then the danger button; the server's field errors next to the note, its message above.
 */
export function DeclineNoteForm({
  schema,
  label,
  button,
  declined,
  decline,
  onDone,
}: {
  schema: Schema;
  label: string;
  button: string;
  /** The toast once declined. */
  declined: string;
  decline: (note: string) => Promise<unknown>;
  onDone: () => void;
}) {
  const { message } = App.useApp();
  const submit = useConsoleSubmit(async (values: { note: string }) => {
    await decline(values.note);
    message.success(declined);
    onDone();
  });
  return (
    <Formik initialValues={{ note: '' }} validationSchema={schema} onSubmit={submit}>
      {(formik) => <DeclineNoteFields formik={formik} label={label} button={button} />}
    </Formik>
  );
}

function DeclineNoteFields({
  formik,
  label,
  button,
}: {
  formik: FormikProps<{ note: string }>;
  label: string;
  button: string;
}) {
  const { item } = useFieldItems(formik, 'decline-');
  return (
    <ConsoleForm formik={formik}>
      <Form.Item {...item('note', label)}>
        <Input.TextArea
          id="decline-note"
          rows={4}
          value={formik.values.note}
          onChange={(e) => void formik.setFieldValue('note', e.target.value)}
          onBlur={() => void formik.setFieldTouched('note', true, false)}
        />
      </Form.Item>
      <Button danger type="primary" htmlType="submit" loading={formik.isSubmitting}>
        {button}
      </Button>
    </ConsoleForm>
  );
}

/**
 * The console's part-number search (Prices, Stock): the number typed is kept in the address (`?<param>=`), so a
 * page can be reloaded or shared as it is.
 */
export function usePartSearch(param: string) {
  const [params, setParams] = useSearchParams();
  const value = params.get(param) ?? '';
  return { value, search: (next: string) => setParams(next.trim() ? { [param]: next.trim() } : {}) };
}

export function PartSearchForm({
  id,
  value,
  onSearch,
  button,
  loading,
}: {
  id: string;
  value: string;
  onSearch: (next: string) => void;
  button: string;
  loading: boolean;
}) {
  const t = useT();
  const [draft, setDraft] = useState(value);
  return (
    <Form
      layout="inline"
      component="form"
      style={{ marginBottom: 16, rowGap: 8 }}
      onSubmitCapture={(e) => {
        e.preventDefault();
        onSearch(draft);
      }}
    >
      <Form.Item label={t('admin.prices.partNumber')} htmlFor={id}>
        <Input id={id} value={draft} onChange={(e) => setDraft(e.target.value)} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={loading}>
        {button}
      </Button>
    </Form>
  );
}
