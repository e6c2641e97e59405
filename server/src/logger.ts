import pino, { type Logger } from 'pino';

/** Structured JSON logs; `LOG_LEVEL` sets the level (silent in tests). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'axisline' },
    redact: {
      // Request bodies are never logged; card fields are removed wherever they would appear.
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        'req.body',
        'card',
        '*.card',
        '*.cvc',
      ],
      remove: true,
    },
  });
}
