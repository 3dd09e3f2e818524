/**
 * A read-only value with its `${…}` references shown as pills (editor-core 2.7): the replay
 * viewer's filter dialog and other places that display, not edit, a mapped value.
 */
import { describeText, type ReferenceSamples } from '@junction/core';
import styled from 'styled-components';

const Pill = styled.span<{ $broken: boolean }>`
  display: inline-block;
  margin: 0 2px;
  padding: 0 8px;
  border-radius: 10px;
  background: ${({ $broken }) => ($broken ? '#fdecea' : '#e0ecfd')};
  color: ${({ $broken }) => ($broken ? '#b71c1c' : '#0b4aa2')};
  font-size: 12px;
  line-height: 18px;
  white-space: nowrap;
`;

/** Renders `text` with pills for its references, resolved against `samples`. */
export function StaticPills({ text, samples }: { text: string; samples: ReferenceSamples }) {
  const segments = describeText(text, samples);
  return (
    <span>
      {segments.map((segment, i) =>
        segment.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments have no identity but their place
          <span key={i}>{segment.text}</span>
        ) : (
          <Pill
            // biome-ignore lint/suspicious/noArrayIndexKey: the same reference may occur twice
            key={i}
            $broken={segment.view.problem !== undefined}
            title={segment.view.problem ?? `${segment.view.label}: ${segment.view.value || '(empty)'}`}
            data-reference={segment.view.raw}
          >
            {segment.view.label}
          </Pill>
        ),
      )}
    </span>
  );
}
