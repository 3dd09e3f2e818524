/**
 * Onboarding's code modal over the editor as a chunk of its own (BENCHMARKS.md "Editor"): it
 * shows after a sign-up or the account's answer, never in the first render, so the editor's
 * first load goes without it. (The sign-up modal stays in the first load: it is a visitor's
 * first screen.)
 */
import { lazyChunk } from '../ui/lazy-chunk.js';

/** The four-digit code modal (onboarding 4). */
export const codeModalChunk = lazyChunk(() => import('./CodeModal.js'));
