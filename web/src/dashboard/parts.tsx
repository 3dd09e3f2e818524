/** Small styled pieces the dashboard pages share. */
import styled from 'styled-components';

export { VisuallyHidden } from '../ui/index.js';

/** A data table. */
export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  th, td {
    padding: 10px 12px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: middle;
  }
  th { font-size: ${({ theme }) => theme.font.size.small}; color: ${({ theme }) => theme.colors.textMuted}; }
  a { color: ${({ theme }) => theme.colors.primaryHover}; }
`;

/** The row of controls above a table. */
export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(4)};
  input[type='search'] {
    flex: 1;
    min-width: 200px;
    padding: 8px 10px;
    font: inherit;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.small};
  }
`;

/** Secondary text. */
export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Text for screen readers only. */
/** A white card with a heading. */
export const Card = styled.section`
  margin-bottom: ${({ theme }) => theme.space(5)};
  padding: ${({ theme }) => theme.space(5)};
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  h2 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: 18px; }
`;

/** A form's row of buttons. */
export const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  margin-top: ${({ theme }) => theme.space(3)};
`;
