import type { HTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import styled from 'styled-components';

const Box = styled.section<{ $padded: boolean }>`
  padding: ${({ theme, $padded }) => ($padded ? theme.space(5) : '0')};
  margin-bottom: ${({ theme }) => theme.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.shadow.low};
`;

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.large};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  line-height: ${({ theme }) => theme.font.lineHeight.tight};
`;

const Description = styled.p`
  margin: ${({ theme }) => theme.space(1)} 0 0;
  color: ${({ theme }) => theme.colors.muted};
`;

const Actions = styled.div`
  display: flex;
  flex: none;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Props of {@link Card}. */
export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The card's heading (an h2) and the region's accessible name. */
  title?: string;
  /** A sentence under the title. */
  description?: ReactNode;
  /** Buttons at the heading's right. */
  actions?: ReactNode;
  /** Padding inside; false for a card holding a table edge to edge. */
  padded?: boolean;
  children?: ReactNode;
}

/**
 * Renders a bordered surface grouping related content, named by its title when it has one.
 *
 * @example
 * <Card title="Account" actions={<Button variant="secondary">Edit</Button>}>…</Card>
 */
export function Card({ title, description, actions, padded = true, children, ...rest }: CardProps) {
  const headingId = useId();
  const named = title ? { 'aria-labelledby': headingId } : {};
  return (
    <Box $padded={padded} {...named} {...rest}>
      {(title || actions) && (
        <Head>
          <div>
            {title && <Title id={headingId}>{title}</Title>}
            {description && <Description>{description}</Description>}
          </div>
          {actions && <Actions>{actions}</Actions>}
        </Head>
      )}
      {children}
    </Box>
  );
}
