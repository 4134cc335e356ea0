import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './class-names';
import { EmptyState } from './EmptyState';

export interface TableColumn<Row> {
  id: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
  /** Hidden below the phone breakpoint to keep narrow tables readable. */
  hideOnMobile?: boolean;
}

interface TableProps<Row> {
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Names the table for screen readers. */
  caption: string;
  /** Shown instead of the table when there are no rows. */
  empty?: ReactNode;
}

export function Table<Row>({ columns, rows, rowKey, caption, empty }: TableProps<Row>) {
  const { t } = useTranslation();
  if (rows.length === 0) return <>{empty ?? <EmptyState title={t('ui.table.empty')} />}</>;

  const cellClass = (column: TableColumn<Row>) =>
    cx(column.align === 'end' && 'table-cell-end', column.hideOnMobile && 'table-cell-optional');

  return (
    <div className="table-scroll">
      <table className="table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" className={cellClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.id} className={cellClass(column)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
