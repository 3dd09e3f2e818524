// The checks chunk's entry (activation-check.ts `loadActivationCheck`): core's activation rule.
export { activationProblems } from '@junction/core';
