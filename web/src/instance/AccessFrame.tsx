/** The centred card the set-up and invitation pages are drawn in (no dashboard around them). */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Card, PageTitle } from '../ui/index.js';

const Page = styled.main`
  display: grid;
  place-items: center;
  min-height: 100vh;
  padding: ${({ theme }) => theme.space(6)};
  background: ${({ theme }) => theme.colors.canvas};
`;

const Column = styled.div`
  width: min(440px, 100%);
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

const Brand = styled.span`
  font-size: ${({ theme }) => theme.font.size.xlarge};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme }) => theme.colors.accentText};
`;

/** A form column: the form's fields one under the other. */
export const FormStack = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
`;

/** A sentence in the muted colour. */
export const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.small};
`;

/** The frame: the brand, the page's one title, and its card. */
export function AccessFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Page>
      <Column>
        <Brand>Junction</Brand>
        <PageTitle>{title}</PageTitle>
        <Card>{children}</Card>
      </Column>
    </Page>
  );
}
