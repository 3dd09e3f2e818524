import { PROBLEM_MESSAGES } from '@junction/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithServer } from '../../app/test-support.js';
import { PublicForm } from './PublicFormPage.js';

afterEach(cleanup);

const tuple = (overrides: { title?: string; review?: boolean; showAnswers?: boolean } = {}) => [
  {
    form: { title: overrides.title ?? 'Job application', description: 'Tell us about you' },
    color: { theme: '#ff0000' },
  },
  [
    { question: 'Name', type: 'input', required: true },
    { question: 'Skills', type: 'checkboxes', checkbox_options: ['TS', 'Go'] },
  ],
  [
    {
      section: [
        { question: 'Notes', type: 'textarea' },
        { question: 'Start', type: 'multiple_choice', multiple_choice_options: ['Now', 'Later'] },
      ],
    },
  ],
  overrides.review ?? false,
  overrides.showAnswers ?? false,
];

function open(
  content: unknown,
  submit: { status: number; body?: unknown } = { status: 202, body: { submissionId: 's1' } },
) {
  return renderWithServer(<PublicForm formId="f1" />, {
    'GET /api/public/forms/f1': () => ({ status: 200, body: { id: 'f1', content } }),
    'POST /api/public/forms/f1/submissions': () => submit,
  });
}

const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));

describe('the public form (forms-dp 2.2)', () => {
  it('shows the title, description, required note and the first section with a red asterisk', async () => {
    open(tuple());
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Job application');
    expect(screen.getByText('Tell us about you')).toBeTruthy();
    expect(screen.getByText('* Indicates required question')).toBeTruthy();
    expect(screen.getByLabelText('required').textContent).toBe('*');
    expect(screen.getAllByTestId('question-card')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it("titles an untitled form 'Untitled form' and renders an HTML title as text", async () => {
    open([{}, [{ question: 'Q', type: 'input' }]]);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Untitled form');
    cleanup();
    const xss = '<img src=x onerror=alert(1)>';
    const { container } = open(tuple({ title: xss }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(xss);
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('keeps Next on a section with an unanswered required question and says so on the question', async () => {
    open(tuple());
    await screen.findByText('Name');
    click('Next');
    expect(screen.getByRole('alert').textContent).toContain('This is a required question');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada' } });
    expect(screen.queryByRole('alert')).toBeNull();
    click('Next');
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect((screen.getByLabelText('Notes') as HTMLTextAreaElement).rows).toBe(8);
    click('Back');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Ada');
  });

  it('reviews the answers as a readable list (question: answer), submits them, and thanks with Submit another response', async () => {
    const { calls } = open(tuple({ review: true, showAnswers: true }));
    await screen.findByText('Name');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Go' }));
    click('Next');
    fireEvent.click(screen.getByRole('radio', { name: 'Later' }));
    click('Next');
    const review = screen.getByRole('region', { name: 'Review your answers' });
    const answerOf = (region: HTMLElement, question: string) =>
      within(region).getByText(question, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(answerOf(review, 'Name')).toBe('Ada');
    expect(answerOf(review, 'Skills')).toBe('Go');
    expect(answerOf(review, 'Notes')).toBe('No answer');
    expect(review.textContent).not.toContain('"');
    await act(async () => click('Submit'));
    expect(await screen.findByText('Your response has been recorded.')).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/public/forms/f1/submissions',
      body: { answers: { Name: 'Ada', Skills: ['Go'], Notes: '', Start: 'Later' } },
    });
    expect(answerOf(screen.getByRole('region', { name: 'Your answers' }), 'Start')).toBe('Later');
    fireEvent.click(screen.getByText('Submit another response'));
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });

  it('shows a failed submit with the server message and keeps the answers editable', async () => {
    open([{}, [{ question: 'Q', type: 'input' }]], {
      status: 422,
      body: {
        type: 'about:blank',
        title: 'Unprocessable Content',
        status: 422,
        detail: 'Bad answer.',
        errors: [{ field: 'answers.Q', message: 'Too odd.' }],
      },
    });
    await screen.findByText('Q');
    fireEvent.change(screen.getByLabelText('Q'), { target: { value: 'x' } });
    await act(async () => click('Submit'));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual([
      '!Too odd.',
      '!Your response was not sent: Bad answer. Please try again.',
    ]);
    expect((screen.getByLabelText('Q') as HTMLInputElement).disabled).toBe(false);
  });

  it('clears the answers with Clear form', async () => {
    open(tuple());
    await screen.findByText('Name');
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: 'Ada' } });
    click('Clear form');
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('');
  });

  it('says when a form does not exist', async () => {
    renderWithServer(<PublicForm formId="gone" />, {});
    expect((await screen.findByRole('alert')).textContent).toBe(
      `The form could not be loaded. ${PROBLEM_MESSAGES['resource.not_found'].text}`,
    );
  });
});
