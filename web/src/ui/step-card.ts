/**
 * A step's card on a canvas (the editor's and the replay's): core's card size, a row of the
 * icon and the words (the kind or app above, the step's name cut with an ellipsis below); each
 * canvas adds its own border, icon and badges.
 */
import { CARD_HEIGHT, CARD_WIDTH } from '@junction/core';
import styled, { css } from 'styled-components';

/** The card's box: size, row, surface and shadow; the border is the canvas's. */
export const stepCardBox = css`
  box-sizing: border-box;
  width: ${CARD_WIDTH}px;
  height: ${CARD_HEIGHT}px;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: 0 ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.medium};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadow.raised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
`;

/** The column of words; spans, so a card that is a button may hold it. */
export const CardText = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

/** The small line above the name: the step's kind or app. */
export const CardKind = styled.span`
  font-size: ${({ theme }) => theme.font.size.small};
  color: ${({ theme }) => theme.colors.muted};
`;

/** The step's name on one line. */
export const CardName = styled.span`
  font-size: ${({ theme }) => theme.font.size.medium};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;
