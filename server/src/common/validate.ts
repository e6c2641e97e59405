import { ValidationError, type AnyObjectSchema, type InferType } from 'yup';
import { AppError } from './errors';

/**
 * Validates input with a schema from domain/ (the same the forms use): the cast value, or BAD_USER_INPUT
 * with one message per field (`filters.brands[0]`), so the client can show each next to its field.
 */
export function validate<S extends AnyObjectSchema>(schema: S, input: unknown): InferType<S> {
  try {
    return schema.validateSync(input ?? {}, { abortEarly: false, stripUnknown: true }) as InferType<S>;
  } catch (err) {
    if (!(err instanceof ValidationError)) throw err;
    const fields = err.inner.length
      ? err.inner.map((e) => ({ field: e.path ?? '', message: e.message }))
      : [{ field: err.path ?? '', message: err.message }];
    throw new AppError('BAD_USER_INPUT', fields[0]!.message, fields);
  }
}
