import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { Button } from './Button.js';
import { Dialog } from './Dialog.js';
import { PageTitle } from './PageTitle.js';
import { Spinner } from './Spinner.js';
import { TextField } from './TextField.js';
import { theme } from './theme.js';

afterEach(cleanup);

const themed = (node: ReactNode) => render(<ThemeProvider theme={theme}>{node}</ThemeProvider>);

describe('TextField', () => {
  it('is reachable by its label and announces its hint and error', () => {
    themed(<TextField label="E-mail" hint="We never share it" error="Enter a valid e-mail" defaultValue="x" />);
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(['We never share it', 'Enter a valid e-mail']);
    expect(screen.getByRole('alert').textContent).toBe('Enter a valid e-mail');
  });

  it('is not marked invalid without an error', () => {
    themed(<TextField label="Name" />);
    expect(screen.getByLabelText('Name').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('Button', () => {
  it('does not submit a surrounding form unless asked to', () => {
    let submits = 0;
    themed(
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submits += 1;
        }}
      >
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(submits).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(submits).toBe(1);
  });
});

function DialogHarness() {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Share</Button>
      <Dialog
        open={isOpen}
        onOpenChange={setOpen}
        title="Share workflow"
        description="Anyone with the link can copy it."
      >
        <TextField label="Link" readOnly value="https://example.test/t/1" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens as a named modal dialog and closes on Escape', () => {
    themed(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = screen.getByRole('dialog', { name: 'Share workflow' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText('Anyone with the link can copy it.')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes from its labelled close button', () => {
    themed(<DialogHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Spinner and PageTitle', () => {
  it('announces loading and names the tab after the page', () => {
    themed(
      <>
        <PageTitle>Workflows</PageTitle>
        <Spinner label="Loading workflows" />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Loading workflows' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Workflows');
    expect(document.title).toBe('Workflows · Junction');
  });
});
