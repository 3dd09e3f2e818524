/** Styled pieces shared by the filter and delay panels. */
import styled, { css } from 'styled-components';
import { selectLook } from '../../ui/Select.js';

/** The panel's body. */
export const PanelBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(4)};
`;

/** A row of buttons at the end of a panel. */
export const PanelActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  justify-content: flex-end;
  margin-top: ${({ theme }) => theme.space(2)};
`;

/** A text-like button ('+ And', '+ Add "Or" rule group'). */
export const LinkButton = styled.button`
  align-self: flex-start;
  padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.background}; }
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/** A field error under an input. */
export const FieldError = styled.span`
  color: ${({ theme }) => theme.colors.secondary};
  font-size: ${({ theme }) => theme.font.size.small};
`;

const controlStyle = css`
  min-height: 36px;
  padding: 0 ${({ theme }) => theme.space(2)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.small};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  width: 100%;
  min-width: 0;
  &:focus-visible { outline: none; border-color: ${({ theme }) => theme.colors.focus}; box-shadow: ${({ theme }) => theme.focusRing}; }
  &[aria-invalid='true'] { border-color: ${({ theme }) => theme.colors.secondary}; }
`;

/** A text input of a filter row. */
export const Control = styled.input`
  ${controlStyle}
`;

/** The condition select, styled like {@link Control}. */
export const Select = styled.select`
  ${controlStyle}
  ${selectLook}
`;
