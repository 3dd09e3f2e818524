import { textParts } from '@junction/core';
import styled from 'styled-components';

const HelpLink = styled.a`
  color: ${({ theme }) => theme.colors.accentText};
  text-decoration: underline;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

/**
 * A help text written as data (an app definition's field description) with its
 * `[words](address)` links as links (core's `textParts`: only http(s) and Junction's own paths).
 * A link opens in a new tab, so the dialog the user is filling in stays as it is.
 *
 * @example <HelpText text="Create one in [Settings → API in the Demo CRM](/demo-crm?tab=api)." />
 */
export function HelpText({ text }: { text: string }) {
  return (
    <>
      {textParts(text).map((part, index) =>
        part.href === undefined ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
          <span key={index}>{part.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
          <HelpLink key={index} href={part.href} target="_blank" rel="noopener noreferrer">
            {part.text}
          </HelpLink>
        ),
      )}
    </>
  );
}
