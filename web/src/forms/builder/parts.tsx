/** Small styled parts the form builder's editor shares. */
import styled from 'styled-components';
import { selectLook } from '../../ui/Select.js';

/** A labelled control stacked under its label text. */
export const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  flex: 1;
  min-width: 0;
  > span { font-weight: 600; font-size: ${({ theme }) => theme.font.size.small}; }
  input:not([type='checkbox']):not([type='color']), select, textarea {
    min-height: 32px;
    padding: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
    font: inherit;
    background: ${({ theme }) => theme.colors.surface};
  }
  select { ${selectLook} }
  input[type='color'] { width: 48px; height: 32px; padding: 0; border: none; background: none; }
`;

/** Controls side by side. */
export const Row = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  flex-wrap: wrap;
`;

/** A titled group of the editor. */
export const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0;
  padding: ${({ theme }) => theme.space(3)} 0;
  border: none;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  legend { font-weight: 700; padding: 0; margin-bottom: ${({ theme }) => theme.space(2)}; }
`;
