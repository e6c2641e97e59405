/**
 * Tag tones for the console: dark text on a light tint, AA contrast on white and on the table's hover (antd's
 * preset tag colours are too light for WCAG AA).
 */
export const TONES = {
  danger: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  info: { color: '#003a8c', background: '#e6f4ff', borderColor: '#91caff' },
  success: { color: '#135200', background: '#f6ffed', borderColor: '#b7eb8f' },
  warning: { color: '#613400', background: '#fffbe6', borderColor: '#ffe58f' },
  neutral: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
} as const;
