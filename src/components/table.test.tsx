// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../i18n';
import { DataTable } from './table';

interface Row {
  id: number;
  name: string;
}
const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns = [{ accessorKey: 'name', header: 'Name' }];

afterEach(cleanup);

describe('DataTable paging', () => {
  it('deleting the only row of the last page shows the previous page, with its number highlighted', () => {
    const view = render(<DataTable data={rows(11)} columns={columns} getRowId={(r) => String(r.id)} testId="t" />);
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    expect(screen.getByText('Row 11')).toBeTruthy();
    view.rerender(<DataTable data={rows(10)} columns={columns} getRowId={(r) => String(r.id)} testId="t" />);
    expect(screen.getByText('Row 1')).toBeTruthy();
    expect(screen.getByText('Row 10')).toBeTruthy();
    expect(view.container.querySelectorAll('tbody tr[data-row-id]').length).toBe(10);
  });

  it('with 21 rows on page 3, losing one row moves to page 2 and highlights it', () => {
    const view = render(<DataTable data={rows(21)} columns={columns} getRowId={(r) => String(r.id)} testId="t" />);
    fireEvent.click(screen.getByRole('button', { name: '3' }));
    view.rerender(<DataTable data={rows(20)} columns={columns} getRowId={(r) => String(r.id)} testId="t" />);
    expect(screen.getByText('Row 20')).toBeTruthy();
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
  });
});
