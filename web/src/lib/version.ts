/** The version label of the footer (spec §1). Not translated: it reads the same in every language. */
export const APP_VERSION = 'v1.13';
