/** Query keys of the administration area: everything under ['admin'] is refreshed after an action. */
export const adminKey = ['admin'] as const;
