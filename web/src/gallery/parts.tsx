// Layout of the gallery page: sections, labelled specimens and the frames that hold overlays.
import { type ReactNode, useState } from 'react';
import styled from 'styled-components';

const SectionBox = styled.section`
  margin-bottom: ${({ theme }) => theme.space(10)};
  & > h2 {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    font-size: ${({ theme }) => theme.font.size.xlarge};
    font-weight: ${({ theme }) => theme.font.weight.bold};
  }
`;

/** One component's part of the gallery, under an h2. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionBox aria-label={title}>
      <h2>{title}</h2>
      {children}
    </SectionBox>
  );
}

/** Specimens side by side, wrapping. */
export const Row = styled.div<{ $gap?: number }>`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme, $gap }) => theme.space($gap ?? 4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

/** Columns of equal width. */
export const Columns = styled.div<{ $count: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $count }) => $count}, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

const SpecimenBox = styled.figure`
  margin: 0;
  figcaption {
    margin-bottom: ${({ theme }) => theme.space(2)};
    font-size: ${({ theme }) => theme.font.size.xsmall};
    color: ${({ theme }) => theme.colors.muted};
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
`;

/** A component in one state, captioned with the state's name. */
export function Specimen({ state, children }: { state: string; children: ReactNode }) {
  return (
    <SpecimenBox>
      <figcaption>{state}</figcaption>
      {children}
    </SpecimenBox>
  );
}

// A transform makes the frame the containing block of its position: fixed children, so a
// dialog, drawer or toast portalled into it stays inside it.
const FrameBox = styled.div<{ $height: number }>`
  position: relative;
  height: ${({ $height }) => $height}px;
  overflow: hidden;
  transform: translateZ(0);
  border: 1px dashed ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.canvas};
`;

const Backdrop = styled.div`
  position: absolute;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlay};
`;

/**
 * A box an overlay renders into (its `container`); `children` gets the box once mounted.
 * `dimmed` draws the overlay a modal would put behind it.
 */
export function Frame({
  height,
  dimmed = false,
  children,
}: {
  height: number;
  dimmed?: boolean;
  children: (container: HTMLElement) => ReactNode;
}) {
  const [container, setContainer] = useState<HTMLElement | null>(null);
  return (
    <FrameBox ref={setContainer} $height={height}>
      {dimmed && <Backdrop />}
      {container && children(container)}
    </FrameBox>
  );
}

const noop = () => undefined;
/** An event handler that does nothing (the gallery's controls hold still). */
export { noop };
