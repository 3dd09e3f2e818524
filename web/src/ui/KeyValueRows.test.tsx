import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { type KeyValue, KeyValueRows } from './KeyValueRows.js';
import { theme } from './theme.js';

afterEach(cleanup);

function Harness({ initial, seen }: { initial: KeyValue[]; seen: KeyValue[][] }) {
  const [rows, setRows] = useState(initial);
  return (
    <ThemeProvider theme={theme}>
      <KeyValueRows
        label="Headers"
        itemName="header"
        addLabel="Add header"
        rows={rows}
        onChange={(next) => {
          seen.push(next);
          setRows(next);
        }}
      />
    </ThemeProvider>
  );
}

describe('KeyValueRows', () => {
  it('adds, edits and removes rows, keeping the others in order', () => {
    const seen: KeyValue[][] = [];
    render(<Harness initial={[{ key: 'Accept', value: 'application/json' }]} seen={seen} />);
    expect(screen.getByRole('group', { name: 'Headers' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add header' }));
    fireEvent.change(screen.getByLabelText('Key 2'), { target: { value: 'X-Trace' } });
    fireEvent.change(screen.getByLabelText('Value 2'), { target: { value: '7' } });
    expect(seen.at(-1)).toEqual([
      { key: 'Accept', value: 'application/json' },
      { key: 'X-Trace', value: '7' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove header 1' }));
    expect(seen.at(-1)).toEqual([{ key: 'X-Trace', value: '7' }]);
    expect((screen.getByLabelText('Key 1') as HTMLInputElement).value).toBe('X-Trace');
  });

  it('names each drag handle by its row and says how to move it by keyboard', () => {
    render(<Harness initial={[{ key: 'Accept', value: '' }, { key: '', value: '' }]} seen={[]} />);
    const handle = screen.getByRole('button', { name: 'Move header 1 (Accept)' });
    expect(screen.getByRole('button', { name: 'Move header 2' })).toBeTruthy();
    const help = document.getElementById(handle.getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toMatch(/press Space, then the arrow keys/);
  });

  it('says when there are no rows yet', () => {
    render(<Harness initial={[]} seen={[]} />);
    expect(screen.getByText('No headers yet.')).toBeTruthy();
  });
});
