import styled, { keyframes } from 'styled-components';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: 3px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primary};
  border-radius: 50%;
  animation: ${spin} 0.8s linear infinite;
  @media (prefers-reduced-motion: reduce) { animation-duration: 2.4s; }
`;

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** What is loading, read by screen readers; 'Loading' unless told. */
  label?: string;
  /** Diameter in pixels; 24 unless told. */
  size?: number;
}

/** Renders a spinning ring announced to assistive technology as a loading status. */
export function Spinner({ label = 'Loading', size = 24 }: SpinnerProps) {
  return <Ring role="status" aria-label={label} $size={size} />;
}
