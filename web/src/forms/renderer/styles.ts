/**
 * The public form's look, driven by its definition (forms-dp 2.2, 9): theme and background
 * colours, header/text/question fonts and sizes, a 640 px column.
 */
import { FORM_DEFAULTS, type FormDefinition, readableAccentOn, readableTextOn } from '@junction/core';
import styled, { css, type DefaultTheme } from 'styled-components';

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

/**
 * The page behind the cards: the author's background, or — left at the default — the
 * design system's canvas, so the dark theme darkens the page too.
 */
export function pageBackground(look: FormLook, theme: DefaultTheme): string {
  return look.background.toLowerCase() === FORM_DEFAULTS.background.toLowerCase()
    ? theme.colors.canvas
    : look.background;
}

/** The theme colour as text on a card (links, the thank-you mark's ring): readable in both themes. */
const accentOnCard = (look: FormLook, theme: DefaultTheme) => readableAccentOn(look.theme, theme.colors.surface);

/** How tall the band of theme colour behind the form's header is. */
const BAND_PX = 160;

const font = (family: string) => (family ? css`font-family: ${family}, ${({ theme }) => theme.font.family};` : '');

export const Page = styled.div<{ $look: FormLook }>`
  min-height: 100%;
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(8)};
  background-color: ${({ $look, theme }) => pageBackground($look, theme)};
  /* forms-dp 9: the theme colour drives the header: a band of it behind the title card. */
  background-image: linear-gradient(${({ $look }) => $look.theme}, ${({ $look }) => $look.theme});
  background-size: 100% ${BAND_PX}px;
  background-repeat: no-repeat;
  padding-top: ${({ theme }) => theme.space(10)};
  color: ${({ theme }) => theme.colors.text};
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
  border: 1px solid ${({ theme, $isInvalid }) => ($isInvalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius.large};
  padding: ${({ theme }) => theme.space(6)};
  box-shadow: ${({ theme }) => theme.shadow.low};
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
  color: ${({ theme }) => theme.colors.dangerText};
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
  color: ${({ theme }) => theme.colors.dangerText};
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
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** The round '!' before an error message (drawn, so no font needs the glyph). */
export const ErrorIcon = styled.span.attrs({ 'aria-hidden': true, children: '!' })`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: 18px;
  height: 18px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.onDanger};
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
  border: 1px solid ${({ $look, $variant, theme }) =>
    $variant === 'text'
      ? 'transparent'
      : $variant === 'outline'
        ? readableAccentOn($look.theme, pageBackground($look, theme))
        : $look.theme};
  background: ${({ $look, $variant = 'filled' }) => ($variant === 'filled' ? $look.theme : 'transparent')};
  color: ${({ $look, $variant = 'filled', theme }) =>
    $variant === 'filled' ? readableTextOn($look.theme) : readableAccentOn($look.theme, pageBackground($look, theme))};
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
  color: ${({ theme }) => theme.colors.muted};
  progress {
    flex: 1;
    max-width: 200px;
    height: 10px;
    accent-color: ${({ $look }) => $look.theme};
  }
`;

export const Footer = styled.footer`
  text-align: center;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.xsmall};
  a { color: ${({ theme }) => theme.colors.text}; font-weight: ${({ theme }) => theme.font.weight.semibold}; }
`;

export const LinkButton = styled.a<{ $look: FormLook }>`
  color: ${({ $look, theme }) => accentOnCard($look, theme)};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  cursor: pointer;
  text-decoration: underline;
`;

/** The thank-you page's mark: a tick in a ring of the theme colour. */
export const DoneMark = styled.span.attrs({ 'aria-hidden': true })<{ $look: FormLook }>`
  display: inline-grid;
  place-items: center;
  width: 48px;
  height: 48px;
  margin-bottom: ${({ theme }) => theme.space(3)};
  border-radius: 50%;
  background: ${({ $look }) => $look.theme};
  color: ${({ $look }) => readableTextOn($look.theme)};
  svg { width: 26px; height: 26px; }
`;

/** The thank-you sentence, larger than body text. */
export const ThankYou = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.medium};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
`;
