import { useField } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useMessage } from '../../i18n';

/** A labelled input bound to Formik, with its message under it (aria-invalid, aria-describedby). */
export function Field({
  label,
  name,
  format,
  ...input
}: {
  label: string;
  name: string;
  /** Rewrites what was typed when the field is left (e.g. a card expiry "1229" -> "12/29"). */
  format?: (value: string) => string;
} & InputHTMLAttributes<HTMLInputElement>) {
  const [field, meta, helpers] = useField(name);
  const id = useId();
  const message = useMessage();
  const error = meta.touched && meta.error ? message(meta.error) : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...field}
        {...input}
        onBlur={(e) => {
          field.onBlur(e);
          if (format) void helpers.setValue(format(e.target.value));
        }}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled select bound to Formik. */
export function SelectField({
  label,
  name,
  options,
  placeholder,
}: {
  label: string;
  name: string;
  options: readonly { value: string; label: string }[];
  placeholder: string;
}) {
  const [field, meta] = useField(name);
  const id = useId();
  const message = useMessage();
  const error = meta.touched && meta.error ? message(meta.error) : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...field} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled checkbox bound to Formik, with its message under it (e.g. terms that must be accepted). */
export function CheckboxField({ name, label }: { name: string; label: ReactNode }) {
  const [field, meta] = useField({ name, type: 'checkbox' });
  const id = useId();
  const message = useMessage();
  const error = meta.touched && meta.error ? message(meta.error) : undefined;
  return (
    <div className="field field--check">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...field}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
        />{' '}
        {label}
      </label>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled text area bound to Formik, with its message under it. */
export function TextAreaField({
  label,
  name,
  rows = 3,
  maxLength,
  placeholder,
  hint,
}: {
  label: string;
  name: string;
  rows?: number;
  maxLength?: number;
  placeholder?: string;
  /** A line under the field on what to type (read with it). */
  hint?: string;
}) {
  const [field, meta] = useField(name);
  const id = useId();
  const message = useMessage();
  const error = meta.touched && meta.error ? message(meta.error) : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        {...field}
        value={(field.value as string | undefined) ?? ''}
        aria-invalid={!!error}
        aria-describedby={
          [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined
        }
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
