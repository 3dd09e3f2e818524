import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import styled from 'styled-components';
import { TicketForm } from '../../dashboard/TicketForm.js';
import { PremiumOffer, useTenantPlan } from '../../shared/PremiumOffer.js';
import { isOfferedPremium } from '../../shared/premium.js';
import { Button, Dialog } from '../../ui/index.js';
import type { IStepPanelModel } from './panel-step.js';
import { Muted } from './parts.js';

const TicketPanel = styled.div`
  margin-top: ${({ theme }) => theme.space(4)};
  padding-top: ${({ theme }) => theme.space(3)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Choices = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
  > div { border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: 8px; padding: 12px; }
  h4 { margin: 0 0 4px; }
`;

/** The heading of the custom event modal (editor-core 2.8). */
export function customEventTitle(app: string): string {
  return `Let's add an event to ${app}!`;
}

/**
 * "Let's add an event to {app}!" (editor-core 2.8): 'Do it with me' opens a helpdesk ticket
 * (5-10 business days), 'I'll do it myself' opens the custom-event wizard (3-7 minutes).
 * Custom triggers and actions are premium (editor-core 6): a workspace on plan 'free' with
 * planStatus 'active' sees the premium offer — for an action here, for a trigger on the
 * wizard's Continue (onboarding 4) — and 'No thanks' goes on.
 */
export const CustomEventDialog = observer(function CustomEventDialog({
  model,
  product,
}: {
  model: IStepPanelModel;
  product: string;
}) {
  const plan = useTenantPlan();
  const [isOfferOpen, setOfferOpen] = useState(false);
  const [isOfferDismissed, setOfferDismissed] = useState(false);
  const app = model.data.label || model.data.type || product;
  // 'Do it with me' opens the support-ticket panel: event and message (onboarding 2, 4).
  const [isTicketOpen, setTicketOpen] = useState(false);
  const slug = model.data.type;
  const openWizard = (offerSeen = false) => {
    if (model.kind === 'trigger') {
      // onboarding 4: the custom-trigger wizard is a side panel of the editor (web/src/onboarding).
      model.setCustomEventOpen(false);
      window.dispatchEvent(new CustomEvent('junction:custom-trigger', { detail: { app: slug, offerSeen } }));
      return;
    }
    window.open(`/develop/${slug}/actions`, '_blank');
  };
  const doItMyself = () => {
    // onboarding 4: the trigger wizard offers premium itself, on its Continue.
    if (model.kind === 'action' && isOfferedPremium(plan) && !isOfferDismissed) {
      // One dialog at a time: the offer replaces this one.
      model.setCustomEventOpen(false);
      setOfferOpen(true);
      return;
    }
    openWizard(isOfferDismissed);
  };
  return (
    <>
      <Dialog
        open={model.isCustomEventOpen}
        onOpenChange={(open) => {
          model.setCustomEventOpen(open);
          if (!open) setTicketOpen(false);
        }}
        title={customEventTitle(app)}
      >
        <Choices>
          <div>
            <h4>Do it with me</h4>
            <Muted>We create a helpdesk ticket and build it with you. Estimated 5-10 business days.</Muted>
            <Button onClick={() => setTicketOpen(true)}>Do it with me</Button>
          </div>
          <div>
            <h4>I'll do it myself</h4>
            <Muted>Open the custom {model.kind} wizard. Estimated 3-7 minutes.</Muted>
            <Button variant="ghost" disabled={!slug} onClick={doItMyself}>
              I'll do it myself
            </Button>
          </div>
        </Choices>
        {isTicketOpen && (
          <TicketPanel>
            <TicketForm app={app} onClose={() => model.setCustomEventOpen(false)} />
          </TicketPanel>
        )}
      </Dialog>
      <PremiumOffer
        open={isOfferOpen}
        onDismiss={() => {
          setOfferOpen(false);
          setOfferDismissed(true);
          openWizard(true);
        }}
      />
    </>
  );
});
