import type { RequestHandler } from 'express';
import { MALFORMED_ADDRESS_MESSAGE, NUL_CHARACTER_MESSAGE } from '../../../domain/constants';
import { AppError } from '../common/errors';

/** The path of the first string holding a NUL character in a parsed body or query (`items[0].name`), or null. */
export function nulFieldIn(value: unknown, at = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? at || 'body' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulFieldIn(value[i], `${at}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return at ? `${at}.${key}` : key;
      const found = nulFieldIn(inner, at ? `${at}.${key}` : key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * A path whose %-escapes do not decode, or decode to a NUL, names nothing: 400 with a plain message, before any
 * route tries to decode it (Express would answer 500).
 */
export const refuseMalformedPath: RequestHandler = (req, res, next) => {
  let decoded: string | null;
  try {
    decoded = decodeURIComponent(req.path);
  } catch {
    decoded = null;
  }
  if (decoded !== null && !decoded.includes('\u0000')) return next();
  // A person who typed it into a browser gets a page with a way on; programs get the JSON error.
  if (!/^\/(api|graphql)(\/|$)/.test(req.path) && req.accepts(['json', 'html']) === 'html') {
    res
      .status(400)
      .type('html')
      .send(
        `<!doctype html><html lang="en"><meta charset="utf-8"><title>Address not valid | Axisline Supply</title>` +
          `<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">` +
          `<h1>Address not valid</h1><p>${MALFORMED_ADDRESS_MESSAGE}</p><p><a href="/">Go to the Axisline Supply home page</a></p>`,
      );
    return;
  }
  next(new AppError('BAD_REQUEST', MALFORMED_ADDRESS_MESSAGE));
};

/**
 * No text input may carry a NUL character (PostgreSQL refuses it in text, and no one types it): 400 naming the
 * field, for JSON and form bodies, query strings and GraphQL variables alike.
 */
export const refuseNulCharacters: RequestHandler = (req, _res, next) => {
  const field = nulFieldIn(req.body) ?? nulFieldIn(req.query);
  if (field === null) return next();
  next(new AppError('BAD_USER_INPUT', NUL_CHARACTER_MESSAGE, [{ field, message: NUL_CHARACTER_MESSAGE }]));
};
