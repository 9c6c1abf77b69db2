import type { ReactNode } from "react";

/** The one row a list table shows while it loads or when it has nothing ('Please wait...', 'No records found'). */
export function TableStateRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="shell-table__state">
        {children}
      </td>
    </tr>
  );
}
