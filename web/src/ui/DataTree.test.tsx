import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { DataTree } from './DataTree.js';
import { lightTheme } from './theme.js';

afterEach(cleanup);

const show = (data: unknown) =>
  render(
    <ThemeProvider theme={lightTheme}>
      <DataTree data={data} label="Output data" />
    </ThemeProvider>,
  );

describe('DataTree', () => {
  it('shows each key beside its value, text without quotes and an empty text as (empty)', () => {
    show({ email: 'ada@example.com', amount: 42, paid: false, note: '', owner: null });
    const tree = screen.getByRole('group', { name: 'Output data' });
    expect(tree.textContent).not.toMatch(/["{}]/);
    for (const [key, value] of [
      ['email', 'ada@example.com'],
      ['amount', '42'],
      ['paid', 'false'],
      ['note', '(empty)'],
      ['owner', 'null'],
    ]) {
      const row = within(tree).getByText(key).parentElement as HTMLElement;
      expect(row.textContent).toBe(`${key}${value}`);
    }
  });

  it('numbers list items from 1 and folds sections below the first two levels', () => {
    show({ contacts: [{ name: 'Ada', address: { city: 'London' } }, { name: 'Grace' }], tags: [] });
    const sections = screen.getAllByRole('group', { hidden: true }).filter((el) => el.tagName === 'DETAILS');
    const [contacts, first, address] = sections as HTMLDetailsElement[];
    expect(contacts.querySelector('summary')?.textContent).toBe('contacts · 2 items');
    expect(first.querySelector('summary')?.textContent).toBe('1 · 2 fields');
    expect(contacts.open && first.open).toBe(true);
    expect(address.querySelector('summary')?.textContent).toBe('address · 1 field');
    expect(address.open).toBe(false);
    // A closed section draws its entries only once opened.
    expect(address.textContent).not.toContain('London');
    address.open = true;
    fireEvent(address, new Event('toggle'));
    expect(address.textContent).toContain('London');
    expect(screen.getByText('(no items)')).toBeTruthy();
  });

  it("counts one list item as '1 item' (core's countText)", () => {
    show({ tags: ['vip'] });
    const [tags] = screen.getAllByRole('group', { hidden: true }).filter((el) => el.tagName === 'DETAILS');
    expect(tags.querySelector('summary')?.textContent).toBe('tags · 1 item');
  });

  it('shows a plain value alone', () => {
    show('done');
    expect(screen.getByRole('group', { name: 'Output data' }).textContent).toBe('done');
  });
});
