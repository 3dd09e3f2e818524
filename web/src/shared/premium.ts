/** The premium offer (editor-core 6, onboarding 6): who sees it and what it says. */
import type { TenantPlan } from '../stores/root-editor.js';

/** The offer's texts and prices (editor-core 6, 9). */
export const PREMIUM_TEXTS = {
  title: 'Unlock premium apps',
  pitch: 'Custom triggers, custom actions and data-formatting apps come with Junction Premium.',
  price: '$6 for your first month',
  previousPrice: '$25',
  afterwards: 'then $25 per month. Cancel any time.',
  getOffer: 'Get offer',
  noThanks: 'No thanks',
} as const;

/** Where the offer's terms and privacy policy links go. */
export const PREMIUM_LINKS = { terms: '/terms', privacy: '/privacy' } as const;

/** Returns true when a tenant is offered premium: plan 'free' with planStatus 'active' (editor-core 6). */
export function isOfferedPremium(tenant: TenantPlan | null | undefined): boolean {
  return tenant?.plan === 'free' && tenant.planStatus === 'active';
}
