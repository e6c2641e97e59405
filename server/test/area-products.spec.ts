import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { areaMetadata } from '../../domain/configuration';
import { describeConfiguration } from '../../domain/configuration-text';
import { createTestApp, type TestApp } from './harness';

let t: TestApp;
let panel: { id: string; optionId: string; perSqm: number; minTransfer: number };

beforeAll(async () => {
  t = await createTestApp();
  [panel] = (await t.orm.em.getConnection().execute(
    `select p.id, o.id as "optionId", o.unit_price::float8 as "perSqm", p.min_transfer as "minTransfer"
     from product p join product_configuration_option o on o.product_id = p.id and o.kind = 'area'
     where p.price is not null order by p.id limit 1`,
  )) as [typeof panel];
});
afterAll(async () => t.close());

const size = (widthMm: number, heightMm: number, value = (widthMm * heightMm) / 1e6) => ({
  items: [
    {
      itemId: panel.id,
      qty: 2,
      configurations: [
        { productConfigurationId: panel.optionId, value, metadata: areaMetadata(widthMm, heightMm) },
      ],
    },
  ],
});

describe('a product sold by area ("Cut to Size" panels)', () => {
  it('is one configuration whose value is width × height in m², priced by the configured-price rule', async () => {
    expect(panel).toBeDefined();
    const c = await t.client();
    const res = await c.send('post', '/api/user/cart/upsert', size(600, 400)).expect(200);
    const line = res.body.orderLines[0];
    expect(line.configurations[0]).toMatchObject({ value: 0.24, metadata: '{"widthMm":600,"heightMm":400}' });
    expect(line.price).toBeCloseTo(Math.round(0.24 * panel.perSqm * 100) / 100, 2);
    expect(line.lineTotal ?? line.price * 2).toBeCloseTo(line.price * 2, 2);
    expect(describeConfiguration({ ...line.configurations[0], name: 'Size', unit: 'm²' })).toBe(
      'Size: 600 × 400 mm (0.24 m²)',
    );
  });

  it('refuses a size out of range, an area that is not width × height, and a size left out, next to the field', async () => {
    const c = await t.client();
    const wide = await c.send('post', '/api/user/cart/upsert', size(1300, 400)).expect(400);
    expect(wide.body.error.fields).toEqual([
      { field: 'items[0].configurations[0].metadata', message: 'Width must be at most 1200 mm.' },
    ]);
    const forged = await c.send('post', '/api/user/cart/upsert', size(600, 400, 0.01)).expect(400);
    expect(forged.body.error.fields).toEqual([
      {
        field: 'items[0].configurations[0].value',
        message: 'Size: the area must be width × height (in m²).',
      },
    ]);
    const bare = await c
      .send('post', '/api/user/cart/upsert', {
        items: [
          {
            itemId: panel.id,
            qty: 1,
            configurations: [{ productConfigurationId: panel.optionId, value: 0.24 }],
          },
        ],
      })
      .expect(400);
    expect(bare.body.error.fields[0].message).toBe('Width and height are required for Size, in mm.');
    expect((await c.agent.get('/api/user/cart').expect(200)).body.orderLines ?? []).toEqual([]);
  });
});
