import styled, { keyframes } from 'styled-components';

const pulse = keyframes`
  0%, 100% { opacity: 1; }
  50% { opacity: 0.45; }
`;

const Block = styled.span<{ $width: string; $height: string; $round: boolean }>`
  display: block;
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme, $round }) => ($round ? '50%' : theme.radius.small)};
  background: ${({ theme }) => theme.colors.border};
  animation: ${pulse} 1.6s ${({ theme }) => theme.motion.easing} infinite;
  @media ${({ theme }) => theme.motion.reduced} { animation: none; }
`;

const Lines = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

/** Props of {@link Skeleton}. */
export interface SkeletonProps {
  /** CSS width; the whole line unless told. */
  width?: string;
  /** CSS height; one line of body text unless told. */
  height?: string;
  /** A circle (an avatar or an app icon). */
  round?: boolean;
  /** Several text lines, the last one shorter. */
  lines?: number;
}

/**
 * Renders a placeholder shaped like content that is loading. It is hidden from assistive
 * technology: the region it stands in marks itself `aria-busy` or shows a Spinner's status.
 *
 * @example
 * {isLoading ? <Skeleton lines={3} /> : <p>{text}</p>}
 */
export function Skeleton({ width = '100%', height = '14px', round = false, lines }: SkeletonProps) {
  if (lines && lines > 1) {
    return (
      <Lines aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder lines
          <Block key={i} $width={i === lines - 1 ? '60%' : width} $height={height} $round={false} />
        ))}
      </Lines>
    );
  }
  return <Block aria-hidden="true" data-skeleton="" $width={width} $height={height} $round={round} />;
}
