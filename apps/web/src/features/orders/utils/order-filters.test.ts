import { describe, expect, it } from 'vitest';
import { allOrdersQuerySchema } from '@toolsify/shared/orders';
import { isFiltered, orderFiltersFrom, orderFiltersSearchOf, orderSearchText } from './order-filters.ts';

const from = (query: string) => orderFiltersFrom(new URLSearchParams(query));

describe('Manage All Orders filters in the URL', () => {
  it('reads every filter, and writes them back in a stable order', () => {
    const params = from('to=2026-05-31&toolId=42&q=%23104&status=paid&from=2026-05-01');
    expect(params).toEqual({ q: '#104', status: 'paid', toolId: 42, from: '2026-05-01', to: '2026-05-31' });
    expect(orderFiltersSearchOf(params)).toBe('q=%23104&status=paid&toolId=42&from=2026-05-01&to=2026-05-31');
    expect(isFiltered(params)).toBe(true);
  });

  it('is empty without filters', () => {
    const params = from('');
    expect(orderFiltersSearchOf(params)).toBe('');
    expect(isFiltered(params)).toBe(false);
  });

  it('drops what the API would refuse, and swaps days in the wrong order', () => {
    const params = from('status=lost&toolId=0&from=2026-02-30&to=soon&q=%20%20');
    expect(params).toEqual({ q: '', status: undefined, toolId: undefined, from: undefined, to: undefined });
    expect(from('toolId=99999999999').toolId).toBeUndefined();
    expect(from('toolId=1.5').toolId).toBeUndefined();
    expect(from('from=2026-06-02&to=2026-06-01')).toMatchObject({ from: '2026-06-01', to: '2026-06-02' });
  });

  it('makes any typed search one the API takes', () => {
    expect(orderSearchText('  acme\tcorp\n ')).toBe('acme corp');
    expect(orderSearchText('x'.repeat(300))).toHaveLength(200);
    for (const query of ['q=%09a%0Ab', `q=${'y'.repeat(250)}`, 'from=2026-13-01&to=2026-01-01', 'q=%23%201&status=cancelled&toolId=7']) {
      const search = orderFiltersSearchOf(from(query));
      const parsed = allOrdersQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
      expect(parsed.success, `${query} -> ${search}`).toBe(true);
    }
  });
});
