import '../styles/services.css';

/** What a mock screen shows where real data will be. */
export const PLACEHOLDER = '—';

/** A table of numbered rows whose other cells are placeholders (the /university and /study mocks). */
export function PlaceholderTable({ columns, rows, caption }: { columns: string[]; rows: number; caption?: string }) {
  const [numberColumn, ...rest] = columns;
  return (
    // Scrolls sideways on a phone: focusable and named, so keyboard users can scroll it too.
    <div className="svc-table-wrap" tabIndex={0} role="region" aria-label={caption ?? columns.join(', ')}>
      <table className="svc-table">
        {caption ? <caption>{caption}</caption> : null}
        <thead>
          <tr>
            <th scope="col">{numberColumn}</th>
            {rest.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              <td>{row + 1}</td>
              {rest.map((column) => (
                <td key={column}>{PLACEHOLDER}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
