import { Compass } from 'lucide-react';
import styled from 'styled-components';
import { ButtonLink } from '../ui/index.js';
import { PageShell } from '../ui/PageShell.js';

const Centered = styled(PageShell)`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  padding-top: ${({ theme }) => theme.space(24)};
`;

const Mark = styled.div`
  display: grid;
  place-items: center;
  width: 72px;
  height: 72px;
  margin-bottom: ${({ theme }) => theme.space(5)};
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.accentSubtle};
  color: ${({ theme }) => theme.colors.accentText};
  svg { width: 36px; height: 36px; }
`;

const Exclamation = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.medium};
  color: ${({ theme }) => theme.colors.muted};
`;

const Heading = styled.h1`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.title};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Sentence = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  max-width: 440px;
  color: ${({ theme }) => theme.colors.muted};
`;

const Ways = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(8)};
`;

/** Renders the not-found page every unknown path is redirected to (editor-core 1, forms-dp 2.1), with ways back. */
export function NotFoundPage() {
  return (
    <Centered>
      <Mark aria-hidden="true">
        <Compass />
      </Mark>
      <Exclamation>Oh No! Ouch...beep..boop...</Exclamation>
      <Heading>404 Page Not Found</Heading>
      <Sentence>The address may be mistyped, or the page has moved. These lead back to your work:</Sentence>
      <Ways>
        <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
        <ButtonLink to="/workflows" variant="secondary">
          See your workflows
        </ButtonLink>
      </Ways>
    </Centered>
  );
}
