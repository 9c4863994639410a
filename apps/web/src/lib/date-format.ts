/** The store's dates, one way everywhere: "Nov 29, 2026". */
export const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The store's times: "Nov 29, 2026, 9:41 AM". */
export const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A deadline, with its time zone (the emails give it in UTC): "Dec 2, 2026, 8:01 AM GMT+1". */
export const deadlineFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});
