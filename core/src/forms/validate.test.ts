import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateFormDefinition } from './validate.js';

const good = (): unknown[] => [
  { color: { theme: '#0069ea', background: '#F5F5F5' }, text_style: { header: { size: '33px' } } },
  [{ question: 'Name', type: 'input', required: true }],
  [{ section: [{ question: 'Colour', type: 'multiple_choice', multiple_choice_options: ['Red', 'Blue'] }] }],
  false,
  true,
];

const paths = (json: unknown) => validateFormDefinition(json).errors.map((e) => e.path);

describe('validateFormDefinition', () => {
  it('accepts a well-formed tuple, with or without its flags', () => {
    expect(validateFormDefinition(good())).toEqual({ ok: true, errors: [] });
    expect(validateFormDefinition(good().slice(0, 3)).ok).toBe(true);
  });

  it('rejects a non-array and a wrong length', () => {
    expect(paths({})).toEqual(['']);
    expect(paths([{}])).toEqual(['', '[1]']);
  });

  it('checks colours, sizes and texts of the definition', () => {
    const tuple = good();
    tuple[0] = { color: { theme: 'blue' }, text_style: { text: { size: '-3' } }, form: { title: 5 } };
    expect(paths(tuple)).toEqual(['[0].form.title', '[0].color.theme', '[0].text_style.text.size']);
  });

  it('checks questions: text, type, options, flags', () => {
    const tuple = good();
    tuple[1] = [
      { question: '', type: 'input' },
      { question: 'Pick', type: 'checkboxes' },
      { question: 'Odd', type: 'slider', required: 'yes' },
    ];
    tuple[3] = 'no';
    expect(paths(tuple)).toEqual([
      '[1][0].question',
      '[1][1].checkbox_options',
      '[1][2].type',
      '[1][2].required',
      '[3]',
    ]);
  });

  it('requires unique question texts, since answers are keyed by them', () => {
    const tuple = good();
    tuple[2] = [{ section: [{ question: 'Name', type: 'textarea' }] }];
    expect(validateFormDefinition(tuple).errors).toEqual([
      {
        path: '[2][0].section[0].question',
        message: "Question text 'Name' is also used at [1][0]; answers are keyed by it.",
      },
    ]);
  });

  it('never throws on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const result = validateFormDefinition(json);
        expect(result.ok).toBe(result.errors.length === 0);
      }),
    );
    const question = fc.record(
      { question: fc.jsonValue(), type: fc.jsonValue(), checkbox_options: fc.jsonValue() },
      { requiredKeys: [] },
    );
    const tupleLike = fc.tuple(
      fc.jsonValue(),
      fc.array(question),
      fc.array(fc.record({ section: fc.oneof(fc.jsonValue(), fc.array(question)) })),
    );
    fc.assert(fc.property(tupleLike, (json) => Array.isArray(validateFormDefinition(json).errors)));
  });
});
