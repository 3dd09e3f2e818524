import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Badge, Status } from './Badge.js';
import { Button } from './Button.js';
import { Card } from './Card.js';
import { Combobox } from './Combobox.js';
import { Drawer } from './Drawer.js';
import { EmptyState } from './EmptyState.js';
import { IconButton } from './IconButton.js';
import { PageHeader } from './PageHeader.js';
import { Select } from './Select.js';
import { Skeleton } from './Skeleton.js';
import { Table } from './Table.js';
import { TextArea } from './TextField.js';
import { theme } from './theme.js';

afterEach(cleanup);

// jsdom has no ResizeObserver; Radix's positioned content (tooltips, menus) measures with it.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const themed = (node: ReactNode) =>
  render(
    <ThemeProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </ThemeProvider>,
  );

// Radix DropdownMenu opens on pointerdown (mouse, primary button) or on Enter/Space/ArrowDown.
function openMenu(trigger: HTMLElement) {
  fireEvent.keyDown(trigger, { key: 'Enter' });
}

describe('Button', () => {
  it('is disabled and busy while loading, keeping its name, and ignores clicks', () => {
    const onClick = vi.fn();
    themed(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is neither busy nor disabled when idle', () => {
    themed(<Button variant="danger">Delete</Button>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button.hasAttribute('disabled')).toBe(false);
    expect(button.hasAttribute('aria-busy')).toBe(false);
  });
});

describe('IconButton', () => {
  it('is named by its label, not by its icon', () => {
    themed(
      <IconButton label="Copy link">
        <svg data-testid="icon" />
      </IconButton>,
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });
});

describe('Tooltip', () => {
  it("shows an icon button's label on keyboard focus and hides it on Escape", async () => {
    themed(
      <IconButton label="Copy link">
        <svg />
      </IconButton>,
    );
    const button = screen.getByRole('button', { name: 'Copy link' });
    fireEvent.focus(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Copy link');
    fireEvent.keyDown(button, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});

describe('TextArea and Select', () => {
  it('tie label, hint and error to the control', () => {
    themed(
      <>
        <TextArea label="Description" hint="Shown to users" error="Required" />
        <Select
          label="Theme"
          options={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          hint="token: theme"
        />
      </>,
    );
    const area = screen.getByLabelText('Description');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    const described = (area.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Shown to users', 'Required']);
    const select = screen.getByRole('combobox', { name: 'Theme' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Light', 'Dark']);
    expect(document.getElementById(select.getAttribute('aria-describedby') ?? '')?.textContent).toBe('token: theme');
  });
});

function ComboHarness() {
  const [value, setValue] = useState('');
  return (
    <>
      <Combobox
        label="App"
        value={value}
        onChange={setValue}
        options={[
          { value: 'slack', label: 'Slack' },
          { value: 'sheets', label: 'Google Sheets' },
          { value: 'stripe', label: 'Stripe' },
        ]}
      />
      <output>{value}</output>
    </>
  );
}

describe('Combobox', () => {
  it('filters as the user types and chooses with the arrow keys and Enter', () => {
    themed(<ComboHarness />);
    const input = screen.getByRole('combobox', { name: 'App' });
    fireEvent.change(input, { target: { value: 'st' } });
    const list = screen.getByRole('listbox', { name: 'App' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Stripe']);
    fireEvent.change(input, { target: { value: 's' } });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('Google Sheets');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByRole('status').textContent).toBe('sheets');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Google Sheets');
  });

  it('chooses an option with the mouse', () => {
    themed(<ComboHarness />);
    const input = screen.getByRole('combobox', { name: 'App' });
    fireEvent.click(input);
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Stripe' }));
    expect(screen.getByRole('status').textContent).toBe('stripe');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('says so when nothing matches and closes on Escape', () => {
    themed(<ComboHarness />);
    const input = screen.getByRole('combobox', { name: 'App' });
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.getByText('No matches')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

interface Flow {
  id: string;
  name: string;
}

const flows: Flow[] = Array.from({ length: 12 }, (_, i) => ({ id: `w${i + 1}`, name: `Flow ${i + 1}` }));

describe('Table', () => {
  it('labels its columns and offers each row one action menu', async () => {
    const opened: string[] = [];
    themed(
      <Table
        caption="Workflows"
        rows={flows.slice(0, 2)}
        rowKey={(f) => f.id}
        rowLabel={(f) => f.name}
        columns={[{ key: 'name', header: 'Name', cell: (f) => f.name }]}
        rowActions={(f) => [
          { label: 'Open', onSelect: () => opened.push(f.id) },
          { label: 'Delete', danger: true, onSelect: () => undefined },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Workflows' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Actions']);
    expect(
      within(table)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Actions for Flow 1', 'Actions for Flow 2']);
    openMenu(screen.getByRole('button', { name: 'Actions for Flow 2' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Open', 'Delete']);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Open' }));
    expect(opened).toEqual(['w2']);
  });

  it('pages through rows with core’s page sizes', () => {
    themed(
      <Table
        caption="Workflows"
        rows={flows}
        rowKey={(f) => f.id}
        pageSize={10}
        columns={[{ key: 'name', header: 'Name', cell: (f) => f.name }]}
      />,
    );
    expect(screen.getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous page' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['Flow 11', 'Flow 12']);
  });

  it('shows its empty state without rows', () => {
    themed(
      <Table
        caption="Workflows"
        rows={[] as Flow[]}
        rowKey={(f) => f.id}
        columns={[{ key: 'name', header: 'Name', cell: (f) => f.name }]}
        empty={<EmptyState title="No workflows yet" action={<Button>Create workflow</Button>} />}
      />,
    );
    expect(screen.getByText('No workflows yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create workflow' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('PageHeader', () => {
  it('shows a breadcrumb trail ending at the page and names the tab', () => {
    themed(
      <PageHeader
        title="Runs"
        breadcrumbs={[{ label: 'Workflows', to: '/workflows' }]}
        actions={<Button>Run now</Button>}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(nav).getByRole('link', { name: 'Workflows' }).getAttribute('href')).toBe('/workflows');
    expect(within(nav).getByText('Runs').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Runs');
    expect(document.title).toBe('Runs · Junction');
  });
});

describe('Card, Badge and Skeleton', () => {
  it('names a card by its title, writes a badge in words and hides skeletons', () => {
    themed(
      <Card title="Account">
        <Status tone="success">Active</Status> <Badge>Draft</Badge>
        <Skeleton lines={3} />
      </Card>,
    );
    const region = screen.getByRole('region', { name: 'Account' });
    expect(within(region).getByText('Active')).toBeTruthy();
    expect(region.querySelector('[aria-hidden="true"] > span')).toBeTruthy();
  });
});

function DrawerHarness() {
  const [open, setOpen] = useState(true);
  return (
    <Drawer open={open} onOpenChange={setOpen} title="Run details" footer={<Button>Done</Button>}>
      Body
    </Drawer>
  );
}

describe('Drawer', () => {
  it('opens as a named dialog and closes from its close button', () => {
    themed(<DrawerHarness />);
    const dialog = screen.getByRole('dialog', { name: 'Run details' });
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
    act(() => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
