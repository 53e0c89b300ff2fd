// Product identity and constants from spec sections 1 and 9.
export const APP_TITLE = 'Intelligent Platform for Surgery Videos';
export const APP_DESCRIPTION = 'Surgery video retrieval platform';
/** The footer states rights reserved for this year (spec section 9). */
export const FOOTER_YEAR = 2025;
