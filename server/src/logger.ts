import pino, { type Logger } from 'pino';

/** Structured JSON logs; `LOG_LEVEL` sets the level (silent in tests). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'axisline' },
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      remove: true,
    },
  });
}
