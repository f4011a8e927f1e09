// The ids the details page and its withdrawal move focus to (use-withdrawal.ts), in a module of their
// own so the page names them without loading the withdrawal's code.
export const DETAILS_HEADING_ID = 'request-details-heading';
export const WITHDRAW_BUTTON_ID = 'request-details-withdraw';
export const WITHDRAW_OUTCOME_ID = 'request-details-withdrawn';
