/** The browser flag of spec §3: set once the onboarding guide was finished or closed. */
export const ONBOARDING_STORAGE_KEY = 'has-seen-onboarding';

export function hasSeenOnboarding(): boolean {
  try {
    return localStorage.getItem(ONBOARDING_STORAGE_KEY) !== null;
  } catch {
    return true; // storage blocked: showing the guide on every page load would be worse than never
  }
}

export function markOnboardingSeen() {
  try {
    localStorage.setItem(ONBOARDING_STORAGE_KEY, 'true');
  } catch {
    /* not fatal: the guide shows again next time */
  }
}

/** Spec §3 "Onboarding progress flags". */
export interface OnboardingProgress {
  profileComplete: boolean;
  firstTournamentJoined: boolean;
  firstChallengeCreated: boolean;
  availabilitySet: boolean;
}

/** Spec §2: all step completion flags are passed as false. */
export const NO_PROGRESS: OnboardingProgress = {
  profileComplete: false,
  firstTournamentJoined: false,
  firstChallengeCreated: false,
  availabilitySet: false,
};
