import { useField } from 'formik';
import { useId, type InputHTMLAttributes } from 'react';

/** A labelled input bound to Formik, with its message under it (aria-invalid, aria-describedby). */
export function Field({
  label,
  name,
  ...input
}: { label: string; name: string } & InputHTMLAttributes<HTMLInputElement>) {
  const [field, meta] = useField(name);
  const id = useId();
  const error = meta.touched ? meta.error : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        {...field}
        {...input}
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
