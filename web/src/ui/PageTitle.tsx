import { type ReactNode, useEffect } from 'react';
import styled from 'styled-components';

const Heading = styled.h1`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin: 0 0 ${({ theme }) => theme.space(4)};
  font-size: ${({ theme }) => theme.font.size.title};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
  letter-spacing: -0.01em;
`;

/** Props of {@link PageTitle}. */
export interface PageTitleProps {
  /** The page's title: shown as its one h1 and used for the browser tab. */
  children: string;
  /** Extra content beside the text, e.g. a badge. */
  after?: ReactNode;
}

/** Renders a page's h1 and names the browser tab after it ("Workflows · Junction"). */
export function PageTitle({ children, after }: PageTitleProps) {
  useEffect(() => {
    document.title = `${children} · Junction`;
  }, [children]);
  return (
    <Heading>
      {children}
      {after}
    </Heading>
  );
}
