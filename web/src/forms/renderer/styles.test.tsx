import { parseFormTuple } from '@junction/core';
import { describe, expect, it } from 'vitest';
import { lookOf } from './styles.js';

describe('lookOf', () => {
  it('reads colours, fonts and sizes, with the spec defaults', () => {
    expect(lookOf(parseFormTuple([{ text_style: { header: { font: 'Georgia, serif' } } }, []]).definition)).toEqual({
      theme: '#0069ea',
      background: '#F5F5F5',
      headerFont: 'Georgia, serif',
      headerSize: 33,
      textFont: '',
      textSize: 14,
      questionFont: '',
      questionSize: 18,
    });
  });

  it('never lets a definition value out of its CSS value', () => {
    const look = lookOf(
      parseFormTuple([
        {
          color: { theme: 'red; } body { display: none', background: 'url(https://evil.example/x)' },
          text_style: { text: { font: "x; } * { background: url('https://evil.example') } a {", size: 9999 } },
        },
        [],
      ]).definition,
    );
    expect([look.theme, look.background, look.textSize]).toEqual(['#0069ea', '#F5F5F5', 14]);
    expect(look.textFont).not.toMatch(/[;{}():/]/);
  });
});
