/**
 * The guided tour's card (onboarding 4 "Guided tour"): 'Step n of 12', what to do next, Skip
 * step and × (close) at any time; it advances by itself when the workflow matches the step.
 */
import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { useEditor } from '../editor/editor-context.js';
import { Button, Spinner } from '../ui/index.js';
import { DEMO_CRM_PAGE, type ITourModel, TOUR_LENGTH, tourActionFields } from './onboarding-tour.js';
import { LinkButton } from './parts.js';

const Card = styled.section`
  /* In the palette column's empty lower part: never over the canvas's step cards or its zoom controls. */
  position: fixed;
  left: 4px;
  bottom: 16px;
  z-index: 40;
  width: min(240px, calc(100vw - 32px));
  padding: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 2px solid ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radius.medium};
  box-shadow: ${({ theme }) => theme.shadow.dialog};
  @media ${({ theme }) => theme.media.belowLarge} {
    left: 16px;
  }
`;

const Counter = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(1)};
  color: ${({ theme }) => theme.colors.accentText};
  font-size: ${({ theme }) => theme.font.size.small};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const Title = styled.h2`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 17px;
`;

const Text = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  line-height: 1.45;
`;

const TextLink = styled.a`
  color: ${({ theme }) => theme.colors.accentText};
  font-weight: ${({ theme }) => theme.font.weight.semibold};
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const Progress = styled.div`
  display: flex;
  gap: 3px;
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const Dot = styled.span<{ $isDone: boolean }>`
  flex: 1;
  height: 4px;
  border-radius: 2px;
  background: ${({ theme, $isDone }) => ($isDone ? theme.colors.primary : theme.colors.border)};
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  & > * { white-space: nowrap; }
`;

const Close = styled.button`
  position: absolute;
  top: ${({ theme }) => theme.space(2)};
  right: ${({ theme }) => theme.space(2)};
  width: 28px;
  height: 28px;
  border: none;
  border-radius: ${({ theme }) => theme.radius.small};
  background: transparent;
  font-size: 18px;
  cursor: pointer;
  &:focus-visible { outline: none; box-shadow: ${({ theme }) => theme.focusRing}; }
`;

const ErrorText = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.dangerText};
`;

/** Rings the controls the current step names, so the words and the screen match. */
const Highlight = createGlobalStyle<{ $selector: string }>`
  ${({ $selector }) => $selector} {
    /* Above a control's own focus styles: the ring is the tour pointing at it. */
    outline: 3px solid ${({ theme }) => theme.colors.primary} !important;
    outline-offset: 2px !important;
  }
`;

/** Props of {@link GuidedTour}. */
export interface GuidedTourProps {
  tour: ITourModel;
}

/** The tour card over the editor. */
export const GuidedTour = observer(function GuidedTour({ tour }: GuidedTourProps) {
  const editor = useEditor();
  useEffect(
    () =>
      reaction(
        () => ({
          workflow: editor.wf.data,
          selectedStepId: editor.selectedStepId,
          panelSection: editor.panelSection,
          index: tour.index,
        }),
        (state) => tour.check(state),
        { fireImmediately: true },
      ),
    [editor, tour],
  );
  if (!tour.isOpen) return null;

  const close = (
    <Close aria-label="Close tour" onClick={() => tour.close()}>
      ×
    </Close>
  );
  if (tour.isFinished) {
    return (
      <Card aria-label="Guided tour" data-testid="guided-tour">
        {close}
        <Counter>Tour complete</Counter>
        <Title>Your workflow is ON</Title>
        <Text>
          Every new contact in the Demo CRM is now tagged automatically. Add a contact in the Demo CRM to see it run.
        </Text>
        <Text>
          {/* A new tab: the editor (and this card) stay where they are. */}
          <TextLink href={DEMO_CRM_PAGE} target="_blank" rel="noopener">
            Open the Demo CRM
          </TextLink>
        </Text>
        <Button onClick={() => tour.close()}>Done</Button>
      </Card>
    );
  }
  const step = tour.step;
  if (!step) return null;
  const fill = step.id === 'action-setup' ? tourActionFields(editor.wf.data) : null;
  return (
    <Card aria-label="Guided tour" data-testid="guided-tour">
      {step.highlight && <Highlight $selector={step.highlight} />}
      {close}
      <Counter>
        Step {tour.index + 1} of {TOUR_LENGTH}
      </Counter>
      <Progress aria-hidden="true">
        {Array.from({ length: TOUR_LENGTH }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one dot per fixed step
          <Dot key={i} $isDone={i < tour.index} />
        ))}
      </Progress>
      <Title>{step.title}</Title>
      <Text aria-live="polite">{step.text}</Text>
      {tour.error && <ErrorText role="alert">{tour.error}</ErrorText>}
      <Footer>
        {step.id === 'welcome' ? (
          <Button onClick={() => void tour.start()} disabled={tour.isStarting}>
            {tour.isStarting ? <Spinner label="Preparing the Demo CRM" size={16} /> : 'Start the tour'}
          </Button>
        ) : fill ? (
          <Button variant="ghost" onClick={() => editor.wf.setStepFields(fill.stepId, fill.fields)}>
            Fill it in for me
          </Button>
        ) : (
          <span />
        )}
        <LinkButton onClick={() => (step.id === 'welcome' ? tour.close() : tour.skip())}>
          {step.id === 'welcome' ? 'Skip tour' : 'Skip step'}
        </LinkButton>
      </Footer>
    </Card>
  );
});
