import { useField, type FieldHookConfig } from 'formik';
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useMessage } from '../../i18n';

/**
 * A Formik field with what every kit field shows: its id for the label, and its translated message once the field
 * was left (or the form sent), with the ARIA attributes that tie the message (and a hint) to the control.
 */
function useKitField(config: string | FieldHookConfig<string>, hint = false) {
  const [field, meta, helpers] = useField<string>(config);
  const id = useId();
  const message = useMessage();
  const error = meta.touched && meta.error ? message(meta.error) : undefined;
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return { field, helpers, id, error, aria: { 'aria-invalid': !!error, 'aria-describedby': describedBy } };
}

/** The message under a field, named by the control's aria-describedby. */
function FieldMessage({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  );
}

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
  const { field, helpers, id, error, aria } = useKitField(name);
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
        {...aria}
      />
      <FieldMessage id={id} error={error} />
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
  /** The empty choice's text; without it the field always has one of the options. */
  placeholder?: string;
}) {
  const { field, id, error, aria } = useKitField(name);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...field} value={field.value ?? ''} {...aria}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

/** A labelled checkbox bound to Formik, with its message under it (e.g. terms that must be accepted). */
export function CheckboxField({ name, label }: { name: string; label: ReactNode }) {
  const { field, id, error, aria } = useKitField({ name, type: 'checkbox' });
  return (
    <div className="field field--check">
      <label htmlFor={id}>
        <input id={id} type="checkbox" {...field} {...aria} /> {label}
      </label>
      <FieldMessage id={id} error={error} />
    </div>
  );
}

/** A labelled text area bound to Formik, with its hint and message under it. */
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
  const { field, id, error, aria } = useKitField(name, !!hint);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        {...field}
        value={field.value ?? ''}
        {...aria}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <FieldMessage id={id} error={error} />
    </div>
  );
}
