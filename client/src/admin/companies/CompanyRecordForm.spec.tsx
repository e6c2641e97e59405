import { describe, expect, it, jest } from '@jest/globals';
import type { MockedResponse } from '@apollo/client/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { recordedMutation, refusal } from '../../testing/mutations';
import { adminCompany } from '../../testing/adminCompany';
import { renderRoute } from '../../testing/render';
import { RecordForm } from './CompanyRecordForm';
import { SaveAdminCompanyDocument, type AdminCompanyFieldsFragment } from './companies.generated';
import { AdminPriceListsDocument } from '../shared/shared.generated';

/* Console → a company's record (issue 54, item 4; decision 046): Save Company sends the record as edited; the
 * server's refusal of a field (an ERP number another company has) is said next to that field, and nothing is
 * reported saved; a save says "Saved". */

const ID = '00000000-0000-4000-8000-00000000c0c1';
const company = (over: Partial<AdminCompanyFieldsFragment> = {}) => adminCompany(ID, over);

const lists: MockedResponse = {
  request: { query: AdminPriceListsDocument },
  result: { data: { adminPriceLists: [] } },
  maxUsageCount: 5,
};
const TAKEN = 'Another company has this ERP account number.';

function show(save: MockedResponse) {
  const onSaved = jest.fn();
  renderRoute(
    <App>
      <RecordForm company={company()} onSaved={onSaved} />
    </App>,
    { path: `/admin/companies/${ID}`, mocks: [lists, save] },
  );
  return onSaved;
}

/** The ERP number typed and the record saved. */
async function saveWithErp(erp: string) {
  const field = await screen.findByLabelText('ERP account number');
  fireEvent.change(field, { target: { value: erp } });
  fireEvent.click(screen.getByRole('button', { name: 'Save Company' }));
  return field;
}

/** The antd form item (label, input, message) that holds `field`. */
const itemOf = (field: HTMLElement) => field.closest('.ant-form-item') as HTMLElement;

jest.setTimeout(60_000);

describe('Console → saving a company record', () => {
  it('says the server’s refusal of the ERP number next to that field, and nothing is saved', async () => {
    const { mock, sent } = recordedMutation(
      SaveAdminCompanyDocument,
      refusal('BAD_USER_INPUT', TAKEN, [{ field: 'erpAccountId', message: TAKEN }]),
    );
    const onSaved = show(mock);
    const field = await saveWithErp('ERP-12');

    await waitFor(() => expect(itemOf(field).textContent).toContain(TAKEN));
    expect(sent).toHaveBeenCalledTimes(1);
    // Under the ERP field, not under another.
    expect(itemOf(screen.getByLabelText('Company')).textContent).not.toContain(TAKEN);
    expect(screen.queryByText('Saved')).toBeNull();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves the record as edited: "Saved"', async () => {
    const { mock, sent } = recordedMutation(SaveAdminCompanyDocument, () => ({
      data: { saveAdminCompany: company({ erpAccountId: 'ERP-12' }) },
    }));
    const onSaved = show(mock);
    await saveWithErp('ERP-12');

    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(sent).toHaveBeenCalledWith({
      id: ID,
      input: expect.objectContaining({
        name: 'Plant Works',
        erpAccountId: 'ERP-12',
        netTermsDays: 30,
        creditLimit: 10_000,
      }),
    });
    expect(onSaved).toHaveBeenCalledWith(ID);
  });
});
