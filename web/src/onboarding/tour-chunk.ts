// The guided tour's chunk (onboarding 4), loaded by EditorPage when a tour is to open: most
// openings of the editor show none.
export { GuidedTour } from './GuidedTour.js';
export { TourModel, wasTourSeen } from './onboarding-tour.js';
