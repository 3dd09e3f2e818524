import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { PageShell } from './PageShell.js';

const Centered = styled(PageShell)`
  text-align: center;
  padding-top: ${({ theme }) => theme.space(24)};
`;

const Exclamation = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  font-size: ${({ theme }) => theme.font.size.large};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Heading = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.title};
`;

const Ways = styled.p`
  display: flex;
  justify-content: center;
  gap: ${({ theme }) => theme.space(4)};
  margin-top: ${({ theme }) => theme.space(6)};
  a { color: ${({ theme }) => theme.colors.primary}; font-weight: 600; }
`;

/** Renders the not-found page every unknown path is redirected to (editor-core 1, forms-dp 2.1), with ways back. */
export function NotFoundPage() {
  return (
    <Centered>
      <Exclamation>Oh No! Ouch...beep..boop...</Exclamation>
      <Heading>404 Page Not Found</Heading>
      <Ways>
        <Link to="/dashboard">Go to your dashboard</Link>
        <Link to="/workflows">See your workflows</Link>
      </Ways>
    </Centered>
  );
}
