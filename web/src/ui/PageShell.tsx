import styled from 'styled-components';

/** The content column every page sits in. */
export const PageShell = styled.main`
  max-width: 1080px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space(10)} ${({ theme }) => theme.space(6)};
`;

/** A page that fills the window: a header above a body that takes the rest (the editor, the replay). */
export const FullScreen = styled.div`
  display: flex;
  flex-direction: column;
  height: 100vh;
`;
