import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithServer } from '../../app/test-support.js';
import { FormBuilderDialog } from './FormBuilderDialog.js';

afterEach(cleanup);

const saved = (body: { name: string; workflowId: string | null; content: unknown }) => ({
  status: 201,
  body: { id: 'form-1', ...body, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
});

describe('FormBuilderDialog', () => {
  it('edits a new form with a live preview and saves it bound to the workflow', async () => {
    const onSaved = vi.fn();
    const { calls } = renderWithServer(<FormBuilderDialog workflowId="wf-1" onSaved={onSaved} />, {
      'POST /api/forms': (call) => saved(call.body as never),
    });
    const preview = screen.getByRole('generic', { name: 'Preview' });
    fireEvent.change(screen.getByLabelText('Form title'), { target: { value: 'Party RSVP' } });
    expect(within(preview).getByRole('heading', { level: 1 }).textContent).toBe('Party RSVP');

    fireEvent.change(screen.getByLabelText('Text of question 1'), { target: { value: 'Your name' } });
    fireEvent.click(screen.getByLabelText('Question 1 is required'));
    fireEvent.click(screen.getByRole('button', { name: 'Add question to section 1' }));
    fireEvent.change(screen.getByLabelText('Type of question 2'), { target: { value: 'checkboxes' } });
    fireEvent.change(screen.getByLabelText('Options of question 2'), { target: { value: 'Cake\nTea\n' } });
    expect(within(preview).getByRole('checkbox', { name: 'Tea' })).toBeTruthy();
    expect((screen.getByLabelText('Options of question 2') as HTMLTextAreaElement).value).toBe('Cake\nTea\n');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save form' })));
    expect(await screen.findByText('Form saved.')).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({
      name: 'Party RSVP',
      workflowId: 'wf-1',
      content: [
        expect.objectContaining({ form: { title: 'Party RSVP', description: '' } }),
        [
          { question: 'Your name', type: 'input', required: true },
          { question: 'Question 2', type: 'checkboxes', required: false, checkbox_options: ['Cake', 'Tea'] },
        ],
        [],
        false,
        false,
      ],
    });
    expect(onSaved).toHaveBeenCalledWith('form-1', `${window.location.origin}/form/form-1`);
    expect((screen.getByLabelText('Public form URL') as HTMLInputElement).value).toBe(
      `${window.location.origin}/form/form-1`,
    );
  });

  it('moves and deletes questions and sections with named icon buttons, not bare text buttons', () => {
    renderWithServer(<FormBuilderDialog workflowId={null} onSaved={() => undefined} />, {});
    fireEvent.change(screen.getByLabelText('Text of question 1'), { target: { value: 'Name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add question to section 1' }));
    fireEvent.change(screen.getByLabelText('Text of question 2'), { target: { value: 'E-mail' } });
    const up = screen.getByRole('button', { name: 'Move question 1 up' }) as HTMLButtonElement;
    const down = screen.getByRole('button', { name: 'Move question 2 down' }) as HTMLButtonElement;
    expect([up.disabled, down.disabled]).toEqual([true, true]);
    // An icon with its name (and tooltip), no '↑ Up' text drawn in the button.
    for (const button of [up, down, screen.getByRole('button', { name: 'Delete question 1' })]) {
      expect(button.textContent).toBe('');
      expect(button.querySelector('svg')).not.toBeNull();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Move question 2 up' }));
    expect((screen.getByLabelText('Text of question 1') as HTMLInputElement).value).toBe('E-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Delete question 1' }));
    expect((screen.getByLabelText('Text of question 1') as HTMLInputElement).value).toBe('Name');
    expect(screen.queryByLabelText('Text of question 2')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(screen.getByRole('group', { name: 'Section 2' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete section 2' }));
    expect(screen.queryByRole('group', { name: 'Section 2' })).toBeNull();
  });

  it('lets a size be typed digit by digit and saves it once valid', async () => {
    const { calls } = renderWithServer(<FormBuilderDialog workflowId={null} onSaved={() => undefined} />, {
      'POST /api/forms': (call) => saved(call.body as never),
    });
    const size = screen.getByLabelText('header size') as HTMLInputElement;
    fireEvent.change(size, { target: { value: '' } });
    fireEvent.change(size, { target: { value: '4' } });
    expect(size.value).toBe('4');
    fireEvent.change(size, { target: { value: '40' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save form' })));
    const content = (calls.at(-1)!.body as { content: [{ text_style: { header: { size: number } } }] }).content;
    expect(content[0].text_style.header.size).toBe(40);
  });

  it('lists the problems core finds and keeps Save off until they are fixed', () => {
    renderWithServer(<FormBuilderDialog workflowId={null} onSaved={() => undefined} />, {});
    fireEvent.click(screen.getByRole('button', { name: 'Add question to section 1' }));
    fireEvent.change(screen.getByLabelText('Text of question 2'), { target: { value: 'Question 1' } });
    expect(
      within(screen.getByRole('list', { name: 'Problems' })).getByText(/Question text 'Question 1' is also used/),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save form' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('loads an existing form and saves it with PUT', async () => {
    const form = {
      id: 'form-9',
      name: 'Old',
      workflowId: 'wf-1',
      content: [{ form: { title: 'Old title' } }, [{ question: 'Q', type: 'input' }]],
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    const { calls } = renderWithServer(
      <FormBuilderDialog workflowId="wf-1" formId="form-9" onSaved={() => undefined} />,
      {
        'GET /api/forms/form-9': () => ({ status: 200, body: form }),
        'PUT /api/forms/form-9': () => ({ status: 200, body: form }),
      },
    );
    expect(((await screen.findByLabelText('Form title')) as HTMLInputElement).value).toBe('Old title');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save form' })));
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/forms/form-9' });
  });

  it('says a missing form cannot be opened in a small box with a next step: start a new form, or close', async () => {
    const { calls } = renderWithServer(
      <FormBuilderDialog workflowId="wf-1" formId="gone" onSaved={() => undefined} />,
      {
        'POST /api/forms': (call) => saved(call.body as never),
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'This form cannot be opened' });
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^The form could not be loaded\. /);
    // One Close, with the next step beside it (not a full-size empty builder with Close in a corner).
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start a new form' }));
    fireEvent.change(await screen.findByLabelText('Form title'), { target: { value: 'Fresh' } });
    fireEvent.change(screen.getByLabelText('Text of question 1'), { target: { value: 'Name' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save form' })));
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/forms' });
  });
});
