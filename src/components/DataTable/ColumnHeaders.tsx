import type {ReactNode} from 'react';

/** A table's <thead>: one row with a column header for each name. */
export default function ColumnHeaders({names}: {names: readonly string[]}): ReactNode {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col">
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
