import { describeConfiguration } from '@domain/configuration-text';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';

/** A line's configuration as the reader's locale writes it: "Cut Length: 1,000 mm", "Size: 600 × 400 mm (0.24 m²)". */
export function useDescribeConfiguration() {
  const intl = useIntl();
  return useCallback(
    (c: Parameters<typeof describeConfiguration>[0]) => describeConfiguration(c, (n) => intl.formatNumber(n)),
    [intl],
  );
}
