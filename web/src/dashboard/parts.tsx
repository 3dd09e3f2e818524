/** Layout pieces the dashboard pages share; buttons, tables, cards and headers come from ../ui. */
import { Link as RouterLink } from 'react-router-dom';
import styled from 'styled-components';
import { SearchInput } from '../ui/SearchInput.js';

/** The row of controls above a table. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/**
 * A filter's From and To dates, kept side by side: when the toolbar wraps, the pair moves to
 * the next line together (a 'To' alone on a line reads as a field of its own).
 */
export const DateRange = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: flex-end;
`;

/** A list of rows laid out in a line each, with a rule between rows (the home's runs, the sessions). */
export const RuledList = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} 0;
  }
  li + li { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
`;

/** A search box above a list (its label is `aria-label`: the placeholder says what it searches). */
export const SearchField = styled(SearchInput)`
  flex: 1;
  min-width: 200px;
  max-width: 420px;
  min-height: ${({ theme }) => theme.control.medium};
  padding: 0 ${({ theme }) => theme.space(3)};
  font: inherit;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.small};
  &::placeholder { color: ${({ theme }) => theme.colors.muted}; }
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** Secondary text. */
export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
`;

/** A link inside text or a table cell, in the accent's text colour. */
export const TextLink = styled(RouterLink)`
  color: ${({ theme }) => theme.colors.accentText};
  text-decoration: none;
  &:hover { text-decoration: underline; }
`;

/** A form's row of buttons. */
export const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;

/** A switch as a labelled check box (`role="switch"` on the input): the label reads as the state's sentence. */
export const SwitchRow = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin: ${({ theme }) => theme.space(2)} 0;
  color: ${({ theme }) => theme.colors.text};
  input { width: 18px; height: 18px; accent-color: ${({ theme }) => theme.colors.accent}; }
  input:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
  input:disabled + span { color: ${({ theme }) => theme.colors.muted}; }
`;
