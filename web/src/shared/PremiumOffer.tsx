import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { failureText } from '../stores/api-failure.js';
import type { TenantPlan } from '../stores/root-editor.js';
import { useRootStore } from '../stores/root-store.js';
import { Button, Dialog, VisuallyHidden } from '../ui/index.js';
import { PREMIUM_LINKS, PREMIUM_TEXTS } from './premium.js';

const Price = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 ${({ theme }) => theme.space(1)};
  font-size: 22px;
  font-weight: 700;
  s { margin-left: ${({ theme }) => theme.space(2)}; color: ${({ theme }) => theme.colors.textMuted}; font-weight: 400; font-size: 16px; }
`;

const Small = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(3)};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.small};
  a { color: ${({ theme }) => theme.colors.primary}; }
`;

const Row = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
`;

const Failure = styled.p`
  color: ${({ theme }) => theme.colors.secondary};
`;

/**
 * The plan of the current workspace (editor-core 6: it decides whether premium is offered),
 * read once from GET /api/auth/me; null until known or when it cannot be read.
 */
export function useTenantPlan(): TenantPlan | null {
  const root = useRootStore();
  const [plan, setPlan] = useState<TenantPlan | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void root.tenantPlan().then((tenant) => {
      if (isCurrent && tenant) setPlan(tenant);
    });
    return () => {
      isCurrent = false;
    };
  }, [root]);
  return plan;
}

/** Props of {@link PremiumOffer}. */
export interface PremiumOfferProps {
  open: boolean;
  /** 'No thanks' or closing: the offer is dismissed. */
  onDismiss: () => void;
  /** Sends the browser to checkout; injected so tests need no navigation. */
  navigate?: (url: string) => void;
}

/**
 * The premium offer (editor-core 6): $6 for the first month (was $25), then $25 per month,
 * with the terms and privacy policy; 'Get offer' starts checkout (POST /api/checkout) and
 * sends the browser there, 'No thanks' dismisses it.
 */
export function PremiumOffer({ open, onDismiss, navigate = (url) => window.location.assign(url) }: PremiumOfferProps) {
  const root = useRootStore();
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');

  const getOffer = async () => {
    setBusy(true);
    setFailure('');
    try {
      navigate(await root.startCheckout(window.location.href));
    } catch (error) {
      setFailure(failureText(error, 'Checkout could not start.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onDismiss()}
      title={PREMIUM_TEXTS.title}
      description={PREMIUM_TEXTS.pitch}
    >
      <Price>
        {PREMIUM_TEXTS.price}
        <VisuallyHidden> (previously </VisuallyHidden>
        <s>{PREMIUM_TEXTS.previousPrice}</s>
        <VisuallyHidden>)</VisuallyHidden>
      </Price>
      <Small>{PREMIUM_TEXTS.afterwards}</Small>
      <Small>
        See the{' '}
        <a href={PREMIUM_LINKS.terms} target="_blank" rel="noopener noreferrer">
          terms
        </a>{' '}
        and the{' '}
        <a href={PREMIUM_LINKS.privacy} target="_blank" rel="noopener noreferrer">
          privacy policy
        </a>
        .
      </Small>
      {failure && <Failure role="alert">{failure}</Failure>}
      <Row>
        <Button variant="ghost" onClick={onDismiss}>
          {PREMIUM_TEXTS.noThanks}
        </Button>
        <Button onClick={getOffer} disabled={isBusy}>
          {PREMIUM_TEXTS.getOffer}
        </Button>
      </Row>
    </Dialog>
  );
}
