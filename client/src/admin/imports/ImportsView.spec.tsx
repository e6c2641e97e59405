import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRoute } from '../../testing/render';
import type { ImportAnswer } from './useImport';
import { ImportsView } from './ImportsView';

/* Console → Imports (decision 069): a file is checked first (the diff, errors by line, unknown parts), Apply is
 * offered only from a clean check of that file, and the store's refusal is said. */

const answer = (status: number, body: object) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

const report = (over: Partial<ImportAnswer> = {}): ImportAnswer => ({
  kind: 'prices',
  dryRun: true,
  applied: false,
  rows: 3,
  new: 0,
  changed: [{ partNumber: 'SFU1605-500', key: '', before: 41.5, after: 43.25 }],
  unchanged: 1,
  unknown: [{ line: 4, partNumber: 'NOT-A-PART' }],
  errors: [],
  moreErrors: 0,
  ...over,
});

const csv = () => new File(['partNumber,price\nSFU1605-500,43.25\n'], 'prices.csv', { type: 'text/csv' });

function choose(file: File) {
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
}

describe('Console → Imports', () => {
  beforeEach(() => {
    document.cookie = 'clientCsrfToken=c.t; path=/';
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('checks the file, shows before → after, and applies it from the clean check', async () => {
    const fetch = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() => answer(200, report()))
      .mockImplementationOnce(() => answer(200, report({ dryRun: false, applied: true })));
    renderRoute(<ImportsView />);
    expect((screen.getByRole('button', { name: 'Check file' }) as HTMLButtonElement).disabled).toBe(true);
    choose(csv());
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table');
    const row = within(table).getByText('SFU1605-500').closest('tr')!;
    expect(within(row).getByText('Catalogue')).toBeTruthy();
    expect(within(row).getByText('41.50')).toBeTruthy();
    expect(within(row).getByText('43.25')).toBeTruthy();
    expect(
      screen.getByText(/3 rows: 1 to change \(0 new\), 1 unchanged, 1 unknown part numbers, 0 errors/),
    ).toBeTruthy();
    expect(screen.getByText(/NOT-A-PART/)).toBeTruthy();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/imports/prices?dryRun=true');
    const sent = [...(init!.body as FormData).entries()];
    expect(sent[0]).toEqual(['csrf_token', 'c.t']);
    expect((sent[1]![1] as File).name).toBe('prices.csv');

    fireEvent.click(screen.getByRole('button', { name: 'Apply 1 change' }));
    expect(await screen.findByText('Imported: 1 change applied.')).toBeTruthy();
    expect(fetch.mock.calls[1]![0]).toBe('/api/imports/prices');
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it('lists each line in error and offers no Apply', async () => {
    jest.spyOn(globalThis, 'fetch').mockImplementationOnce(() =>
      answer(
        200,
        report({
          changed: [],
          errors: [{ line: 5, field: 'price', message: 'Enter a price of 0 or more.' }],
        }),
      ),
    );
    renderRoute(<ImportsView />);
    choose(csv());
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('Enter a price of 0 or more.')).toBeTruthy();
    expect(
      screen.getByText('Fix these lines, then check the file again. Nothing was imported.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
  });

  it("says the store's refusal of the file, and a new choice of kind clears the last check", async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockImplementationOnce(() =>
        answer(400, { error: { code: 'BAD_USER_INPUT', message: 'The column "partNumber" is missing.' } }),
      );
    renderRoute(<ImportsView />);
    choose(csv());
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The column "partNumber" is missing.');
    fireEvent.click(screen.getByText('Stock counts'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(
      screen.getByText('Its first line names the columns: partNumber, warehouseId, onHand.'),
    ).toBeTruthy();
  });

  it("offers the products' details with their columns explained, and shows each column changed", async () => {
    const fetch = jest.spyOn(globalThis, 'fetch').mockImplementationOnce(() =>
      answer(
        200,
        report({
          kind: 'products',
          rows: 1,
          unchanged: 0,
          unknown: [],
          changed: [
            {
              partNumber: 'SFU1605-500',
              key: 'name',
              before: 'Ball screw 500',
              after: 'Ball screw SFU1605, 500 mm',
            },
            { partNumber: 'SFU1605-500', key: 'weightKg', before: 1.2, after: null },
          ],
        }),
      ),
    );
    renderRoute(<ImportsView />);
    fireEvent.click(screen.getByText('Product details'));
    expect(
      screen.getByText(/Its first line names the columns: partNumber, name, description, brand, category/),
    ).toBeTruthy();
    expect(screen.getByText(/An empty cell clears the description/)).toBeTruthy();
    expect(screen.getByText(/the import does not create products/)).toBeTruthy();
    choose(new File(['partNumber,name\nSFU1605-500,Ball screw SFU1605, 500 mm\n'], 'products.csv'));
    fireEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table');
    const name = within(table).getByText('name').closest('tr')!;
    expect(within(name).getByText('Ball screw 500')).toBeTruthy();
    expect(within(name).getByText('Ball screw SFU1605, 500 mm')).toBeTruthy();
    const weight = within(table).getByText('weightKg').closest('tr')!;
    expect(within(weight).getByText('1.2')).toBeTruthy();
    expect(within(weight).getByText('—')).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe('/api/imports/products?dryRun=true');
    expect(screen.getByRole('button', { name: 'Apply 2 changes' })).toBeTruthy();
  });
});
