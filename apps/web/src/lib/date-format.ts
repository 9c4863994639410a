/** The store's dates, one way everywhere: "Nov 29, 2026". */
export const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The store's times: "Nov 29, 2026, 9:41 AM". */
export const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
