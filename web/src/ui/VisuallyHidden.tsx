import styled from 'styled-components';

/** Text read by screen readers and left out of the layout (an accessible name's prefix, a column title). */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
