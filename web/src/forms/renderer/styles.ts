/**
 * The public form's look, driven by its definition (forms-dp 2.2, 9): theme and background
 * colours, header/text/question fonts and sizes, a 640 px column.
 */
import { FORM_DEFAULTS, type FormDefinition } from '@junction/core';
import styled, { css } from 'styled-components';

/** The parts of a definition the styled parts read. */
export interface FormLook {
  theme: string;
  background: string;
  headerFont: string;
  headerSize: number;
  textFont: string;
  textSize: number;
  questionFont: string;
  questionSize: number;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A hex colour, or the fallback: definition values go into CSS and must stay values. */
const safeColor = (value: string, fallback: string) => (HEX_COLOR.test(value) ? value : fallback);

/** A font family list with only the characters family names use (no ';', '{', 'url(' …). */
const safeFont = (value: string) => value.replace(/[^\w\s,'"-]/g, '').slice(0, 200);

/** A size in px within reason. */
const safeSize = (value: number, fallback: number) =>
  Number.isFinite(value) && value >= 6 && value <= 120 ? value : fallback;

/**
 * Reads the look of a definition (already filled with defaults by core). Every value is
 * reduced to what CSS may safely receive: the author's texts never become style rules.
 *
 * @example
 * lookOf(definition).headerFont // 'Georgia, serif'
 */
export function lookOf(definition: FormDefinition): FormLook {
  const { color, text_style: style } = definition;
  return {
    theme: safeColor(color.theme, FORM_DEFAULTS.theme),
    background: safeColor(color.background, FORM_DEFAULTS.background),
    headerFont: safeFont(style.header.font),
    headerSize: safeSize(style.header.size, FORM_DEFAULTS.headerSize),
    textFont: safeFont(style.text.font),
    textSize: safeSize(style.text.size, FORM_DEFAULTS.textSize),
    questionFont: safeFont(style.question.font),
    questionSize: safeSize(style.question.size, FORM_DEFAULTS.questionSize),
  };
}

const font = (family: string) => (family ? css`font-family: ${family}, ${({ theme }) => theme.font.family};` : '');

export const Page = styled.div<{ $look: FormLook }>`
  min-height: 100%;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(8)};
  background: ${({ $look }) => $look.background};
  ${({ $look }) => font($look.textFont)}
  font-size: ${({ $look }) => $look.textSize}px;
`;

export const Column = styled.main`
  width: 100%;
  max-width: ${FORM_DEFAULTS.width}px;
  margin: 0 auto;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

export const HeaderImage = styled.img`
  width: 100%;
  max-height: 240px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radius.medium};
`;

export const Card = styled.section<{ $look: FormLook; $isInvalid?: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.secondary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.medium};
  padding: ${({ theme }) => theme.space(6)};
`;

export const TitleCard = styled(Card)`
  border-top: 10px solid ${({ $look }) => $look.theme};
`;

export const Title = styled.h1<{ $look: FormLook }>`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  ${({ $look }) => font($look.headerFont)}
  font-size: ${({ $look }) => $look.headerSize}px;
  font-weight: 400;
  line-height: 1.25;
  overflow-wrap: anywhere;
`;

export const Description = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

export const RequiredNote = styled.p`
  margin: 0;
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.secondary};
  font-size: 0.9em;
`;

export const QuestionText = styled.span<{ $look: FormLook }>`
  display: block;
  margin-bottom: ${({ theme }) => theme.space(4)};
  ${({ $look }) => font($look.questionFont)}
  font-size: ${({ $look }) => $look.questionSize}px;
  overflow-wrap: anywhere;
`;

export const Asterisk = styled.span`
  color: ${({ theme }) => theme.colors.secondary};
  margin-left: ${({ theme }) => theme.space(1)};
`;

const field = css<{ $look: FormLook }>`
  width: 100%;
  padding: ${({ theme }) => theme.space(2)};
  border: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font: inherit;
  color: inherit;
  background: transparent;
  &:focus-visible {
    outline: none;
    box-shadow: none;
    border-bottom: 2px solid ${({ $look }) => $look.theme};
  }
`;

export const TextInput = styled.input<{ $look: FormLook }>`
  ${field}
  max-width: 50%;
  @media (max-width: 520px) { max-width: 100%; }
`;

export const TextArea = styled.textarea<{ $look: FormLook }>`
  ${field}
  resize: vertical;
`;

export const Choice = styled.label<{ $look: FormLook }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  min-height: 36px;
  cursor: pointer;
  overflow-wrap: anywhere;
  input { width: 18px; height: 18px; accent-color: ${({ $look }) => $look.theme}; flex: none; }
`;

export const ErrorMessage = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.secondary};
`;

/** The round '!' before an error message (drawn, so no font needs the glyph). */
export const ErrorIcon = styled.span.attrs({ 'aria-hidden': true, children: '!' })`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.secondary};
  color: #ffffff;
  font-size: 12px;
  font-weight: 700;
`;

/** A small heading inside a card (the review step, the answers after submit). */
export const CardHeading = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: 1.1em;
  font-weight: 600;
`;

export const Buttons = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  flex-wrap: wrap;
`;

export const FormButton = styled.button<{ $look: FormLook; $variant?: 'filled' | 'outline' | 'text' }>`
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(6)};
  border-radius: ${({ theme }) => theme.radius.small};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  border: 1px solid ${({ $look, $variant }) => ($variant === 'text' ? 'transparent' : $look.theme)};
  background: ${({ $look, $variant = 'filled' }) => ($variant === 'filled' ? $look.theme : 'transparent')};
  color: ${({ $look, $variant = 'filled' }) => ($variant === 'filled' ? '#ffffff' : $look.theme)};
  &:disabled { opacity: 0.55; cursor: not-allowed; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

export const Spacer = styled.span`
  flex: 1;
`;

export const Progress = styled.div<{ $look: FormLook }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  progress {
    flex: 1;
    max-width: 200px;
    height: 10px;
    accent-color: ${({ $look }) => $look.theme};
  }
`;

export const Footer = styled.footer`
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 12px;
  a { color: inherit; font-weight: 600; }
`;

export const LinkButton = styled.a<{ $look: FormLook }>`
  color: ${({ $look }) => $look.theme};
  cursor: pointer;
  text-decoration: underline;
`;
