import { STATES } from '@domain/states';

export const STATE_OPTIONS = STATES.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));

/** GET /api/validation/address: {success, data} or {success: false, errors}; a failed call is not valid. */
export async function validateAddress(
  address: Record<string, string>,
): Promise<{ success: boolean; errors: Record<string, string> }> {
  try {
    const query = new URLSearchParams(Object.entries(address).filter(([, v]) => v !== ''));
    const res = await fetch(`/api/validation/address?${query}`, { credentials: 'same-origin' });
    const body = (await res.json()) as { success: boolean; errors?: { field: string; message: string }[] };
    const errors = Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
    return { success: res.ok && body.success === true, errors };
  } catch {
    return { success: false, errors: {} };
  }
}
